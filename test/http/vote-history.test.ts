// The vote history (GET /api/votes, scope votes), a session's tally per game, and paging of
// GET /api/sessions, on both stores: order, filters, cursor paging, exact 400s, 404s, scopes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let token: string
const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body })
const ids: Record<string, number> = {}
let first: number
let second: number

beforeAll(async () => {
  server = await startTestServer()
  token = await login(server.url)
  for (const [title, ticker] of [['Quiplash 3', 'QPL3'], ['Drawful 2', 'DRAW2'], ['Fibbage 4', 'FIB4']]) {
    ids[ticker] = (await api('POST', '/api/games', { pack_name: 'Party Pack', title, min_players: 3, max_players: 8, ticker })).body.id
  }
  const at = (s: number) => new Date(Date.now() + 60_000 + s * 2000).toISOString()
  first = (await api('POST', '/api/sessions', {})).body.id
  await api('POST', `/api/sessions/${first}/games`, { game_id: ids.DRAW2 })
  const votes = [['ann', 'up'], ['bob', 'up'], ['cat', 'down'], ['ann', 'up', 'QPL3'], ['bob', 'down', 'QPL3'], ['dan', 'up', 'FIB4']]
  for (const [i, [username, vote, ticker]] of votes.entries()) {
    expect((await api('POST', '/api/votes/live', { username, vote, timestamp: at(i), ticker })).status).toBe(200)
  }
  await api('POST', `/api/sessions/${first}/close`, {})
  second = (await api('POST', '/api/sessions', {})).body.id
  await api('POST', `/api/sessions/${second}/games`, { game_id: ids.FIB4 })
  await api('POST', '/api/votes/live', { username: 'ann', vote: 'down', timestamp: at(10) })
})
afterAll(() => server.stop())

describe('GET /api/votes', () => {
  test('newest first by id, with every field; a page with next_before, and null once nothing older is left', async () => {
    const all = (await api('GET', '/api/votes')).body
    expect(all.next_before).toBeNull()
    expect(all.votes).toHaveLength(7)
    expect(all.votes.map((v: { id: number }) => v.id)).toEqual([...all.votes.map((v: { id: number }) => v.id)].sort((a, b) => b - a))
    expect(Object.keys(all.votes[0])).toEqual(['id', 'session_id', 'game_id', 'session_game_id', 'username', 'type', 'timestamp'])
    expect(all.votes[0]).toMatchObject({ session_id: second, game_id: ids.FIB4, username: 'ann', type: 'down', session_game_id: expect.any(Number) })
    expect(all.votes[1]).toMatchObject({ session_id: first, game_id: ids.FIB4, username: 'dan', session_game_id: null })

    const pages: number[][] = []
    let before: number | null = null
    do {
      const page: { votes: { id: number }[]; next_before: number | null } =
        (await api('GET', `/api/votes?limit=3${before ? `&before=${before}` : ''}`)).body
      pages.push(page.votes.map((v) => v.id))
      before = page.next_before
      if (before !== null) expect(before).toBe(page.votes.at(-1)!.id)
    } while (before !== null)
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1])
    expect(pages.flat()).toEqual(all.votes.map((v: { id: number }) => v.id))
    // A full last page: next_before is null when nothing older exists.
    expect((await api('GET', `/api/votes?limit=3&before=${pages[1][0]}`)).body.next_before).toBeNull()
  })

  test('filters by session, game, username and type, alone and together', async () => {
    const list = async (query: string) => ((await api('GET', `/api/votes?${query}`)).body.votes as { username: string; type: string }[])
      .map((v) => `${v.username}:${v.type}`)
    expect(await list(`session_id=${first}`)).toEqual(['dan:up', 'bob:down', 'ann:up', 'cat:down', 'bob:up', 'ann:up'])
    expect(await list(`game_id=${ids.QPL3}`)).toEqual(['bob:down', 'ann:up'])
    expect(await list('username=ann')).toEqual(['ann:down', 'ann:up', 'ann:up'])
    expect(await list(`type=down&session_id=${first}`)).toEqual(['bob:down', 'cat:down'])
    expect(await list(`username=ann&session_id=${first}&game_id=${ids.DRAW2}&type=up`)).toEqual(['ann:up'])
    expect(await list('username=nobody')).toEqual([])
    expect(await list('session_id=&game_id=&username=&type=&limit=&before=')).toHaveLength(7) // empty is absent
  })

  test.each([
    ['limit=0', 'limit must be an integer from 1 to 500'], ['limit=501', 'limit must be an integer from 1 to 500'],
    ['limit=abc', 'limit must be an integer from 1 to 500'], ['limit=1.5', 'limit must be an integer from 1 to 500'],
    ['before=0', 'before must be a positive integer'], ['before=x', 'before must be a positive integer'],
    ['session_id=-1', 'session_id must be a positive integer'], ['game_id=abc', 'game_id must be a positive integer'],
    ['type=sideways', 'type must be up or down'], ['limit=1&limit=2', 'limit must be an integer from 1 to 500'],
  ])('?%s → 400 %s', async (query, error) => {
    expect(await api('GET', `/api/votes?${query}`)).toMatchObject({ status: 400, body: { error } })
  })

  test('needs a token with the scope votes', async () => {
    expect(await call(server.url, 'GET', '/api/votes')).toMatchObject({ status: 401 })
    const catalogue = (await api('POST', '/api/tokens', { name: 'catalogue only', scopes: ['catalogue'] })).body.token
    expect(await call(server.url, 'GET', '/api/votes', { token: catalogue })).toMatchObject({ status: 403, body: { error: 'Token lacks scope: votes' } })
    const votes = (await api('POST', '/api/tokens', { name: 'votes', scopes: ['votes'] })).body.token
    expect((await call(server.url, 'GET', '/api/votes?limit=1', { token: votes })).body.votes).toHaveLength(1)
  })
})

describe('GET /api/sessions/{id}/votes', () => {
  test('the session\'s votes per game by net, then upvotes, then title; ticker votes included', async () => {
    expect((await call(server.url, 'GET', `/api/sessions/${first}/votes`)).body).toEqual([
      { game_id: ids.DRAW2, title: 'Drawful 2', pack_name: 'Party Pack', upvotes: 2, downvotes: 1, net: 1 },
      { game_id: ids.FIB4, title: 'Fibbage 4', pack_name: 'Party Pack', upvotes: 1, downvotes: 0, net: 1 },
      { game_id: ids.QPL3, title: 'Quiplash 3', pack_name: 'Party Pack', upvotes: 1, downvotes: 1, net: 0 },
    ])
    expect((await call(server.url, 'GET', `/api/sessions/${second}/votes`)).body).toEqual([
      { game_id: ids.FIB4, title: 'Fibbage 4', pack_name: 'Party Pack', upvotes: 0, downvotes: 1, net: -1 }])
    expect(await call(server.url, 'GET', '/api/sessions/9999/votes')).toMatchObject({ status: 404, body: { error: 'Session not found' } })
  })
})

describe('GET /api/sessions paging', () => {
  test('limit and before page newest first; without limit every session; bad values are 400s', async () => {
    await api('POST', `/api/sessions/${second}/close`, {})
    const third = (await api('POST', '/api/sessions', {})).body.id
    const all = (await call(server.url, 'GET', '/api/sessions')).body.map((s: { id: number }) => s.id)
    expect(all).toEqual([third, second, first])
    expect((await call(server.url, 'GET', '/api/sessions?limit=2')).body.map((s: { id: number }) => s.id)).toEqual([third, second])
    expect((await call(server.url, 'GET', `/api/sessions?limit=2&before=${second}`)).body.map((s: { id: number }) => s.id)).toEqual([first])
    expect((await call(server.url, 'GET', `/api/sessions?before=${third}`)).body.map((s: { id: number }) => s.id)).toEqual([second, first])
    expect((await call(server.url, 'GET', '/api/sessions?limit=&before=')).body).toHaveLength(3)
    expect(await call(server.url, 'GET', '/api/sessions?limit=501')).toMatchObject({ status: 400, body: { error: 'limit must be an integer from 1 to 500' } })
    expect(await call(server.url, 'GET', '/api/sessions?before=abc')).toMatchObject({ status: 400, body: { error: 'before must be a positive integer' } })
    await api('POST', `/api/sessions/${third}/close`, {})
  })
})

describe('POST /api/pick with the history options', () => {
  test('favorFresh, favorPopular and notPlayedWithinDays over HTTP; exact 400s', async () => {
    const pick = async (body: Record<string, unknown>) => (await call(server.url, 'POST', '/api/pick', { body: { ...body, explain: true } })).body
    const fresh = Object.fromEntries((await pick({ favorFresh: true })).odds.map((o: { title: string; weight: number }) => [o.title, o.weight]))
    expect(fresh['Quiplash 3']).toBe(3)
    expect(fresh['Drawful 2']).toBeCloseTo(1, 3)
    expect(fresh['Fibbage 4']).toBeCloseTo(1, 3)
    // Quiplash 3: 1 up, 1 down → 1; Drawful 2: 2 up, 1 down → 3/2; Fibbage 4: 1 up, 1 down → 1.
    const popular = await pick({ favorPopular: true })
    expect(popular.odds.map((o: { title: string; weight: number }) => [o.title, o.weight])).toEqual([['Drawful 2', 1.5], ['Fibbage 4', 1], ['Quiplash 3', 1]])
    expect(popular.odds.reduce((total: number, o: { probability: number }) => total + o.probability, 0)).toBeCloseTo(1, 12)
    expect((await pick({ notPlayedWithinDays: 7 })).odds.map((o: { title: string }) => o.title)).toEqual(['Quiplash 3'])
    for (const [body, error] of [[{ notPlayedWithinDays: 0 }, 'notPlayedWithinDays must be an integer from 1 to 3650'],
      [{ favorFresh: 'true' }, 'favorFresh must be a boolean'], [{ favorPopular: 1 }, 'favorPopular must be a boolean']] as const) {
      expect(await call(server.url, 'POST', '/api/pick', { body })).toMatchObject({ status: 400, body: { error } })
    }
  })
})
