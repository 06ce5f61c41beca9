// Tickers over HTTP, on both stores: the field on games (upper-cased, unique in any case, exact
// errors, nothing changed by a refused request), ticker live votes, and last_played_at kept as
// session games come, get skipped and go.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connectEvents } from '../helpers/event-client.ts'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let token: string
const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body })
const game = (title: string, extra: Record<string, unknown> = {}) =>
  ({ pack_name: 'Party Pack', title, min_players: 3, max_players: 8, ...extra })

beforeAll(async () => {
  server = await startTestServer()
  token = await login(server.url)
})
afterAll(() => server.stop())

describe('tickers', () => {
  test('set on create and update, upper-cased, unique in any case; bad ones change nothing', async () => {
    const quiplash = (await api('POST', '/api/games', game('Quiplash 3', { ticker: 'qpl3' }))).body
    expect(quiplash).toMatchObject({ ticker: 'QPL3', last_played_at: null })
    const drawful = (await api('POST', '/api/games', game('Drawful 2'))).body
    expect(drawful.ticker).toBeNull()
    for (const [method, path, body] of [['POST', '/api/games', game('Other', { ticker: 'Qpl3' })], ['PUT', `/api/games/${drawful.id}`, { ticker: 'QPL3' }]] as const) {
      expect(await api(method, path, body)).toMatchObject({ status: 409, body: { error: 'Ticker already in use: QPL3' } })
    }
    for (const ticker of ['Q', 'ABCDEFGHI', 'QP-3', 7]) {
      expect(await api('PUT', `/api/games/${drawful.id}`, { ticker, title: 'Renamed' }))
        .toMatchObject({ status: 400, body: { error: 'ticker must be 2 to 8 letters or digits' } })
    }
    expect((await api('GET', `/api/games/${drawful.id}`)).body).toMatchObject({ title: 'Drawful 2', ticker: null })
    expect((await api('PUT', `/api/games/${drawful.id}`, { ticker: 'draw2' })).body.ticker).toBe('DRAW2')
    expect((await api('GET', '/api/games/export/csv')).text.split('\n')[0]).toMatch(/,Ticker$/)
  })

  test('a live vote with a ticker counts for that game whatever is playing; unknown is a 404; one vote a second per user', async () => {
    const games = (await api('GET', '/api/games')).body as { id: number; title: string; ticker: string | null }[]
    const quiplash = games.find((g) => g.ticker === 'QPL3')!
    const drawful = games.find((g) => g.ticker === 'DRAW2')!
    const session = (await api('POST', '/api/sessions', {})).body
    await api('POST', `/api/sessions/${session.id}/games`, { game_id: drawful.id })
    const events = connectEvents(server.url, `?access_token=${token}`)
    await events.opened
    const at = new Date(Date.now() + 60_000).toISOString()

    expect(await api('POST', '/api/votes/live', { username: 'ann', vote: 'up', timestamp: at, ticker: 'ZZZ9' }))
      .toMatchObject({ status: 404, body: { error: 'Unknown ticker: ZZZ9' } })
    const voted = await api('POST', '/api/votes/live', { username: 'ann', vote: 'up', timestamp: at, ticker: 'qpl3' })
    expect(voted).toMatchObject({ status: 200, body: { success: true, game: { id: quiplash.id, upvotes: 1, popularity_score: 1 }, session: { id: session.id } } })
    const soon = new Date(Date.parse(at) + 400).toISOString()
    expect(await api('POST', '/api/votes/live', { username: 'ann', vote: 'down', timestamp: soon }))
      .toMatchObject({ status: 409, body: { error: 'Duplicate vote', timeSinceLastVote: 400 } })
    expect((await api('GET', `/api/games/${quiplash.id}`)).body).toMatchObject({ upvotes: 1, popularity_score: 1 })
    expect((await api('GET', `/api/games/${drawful.id}`)).body).toMatchObject({ upvotes: 0, downvotes: 0 })
    expect((await api('GET', '/api/stats')).body.topRatedGames).toMatchObject([{ title: 'Quiplash 3', upvotes: 1 }])
    const [event] = (await events.until(1)).filter((e) => e.event === 'vote.received')
    expect(JSON.parse(event.data).data).toMatchObject({ game: { id: quiplash.id, title: 'Quiplash 3' }, vote: { username: 'ann', type: 'up', timestamp: at } })
    await api('POST', `/api/sessions/${session.id}/close`, {})
  })

  test('last_played_at follows the newest session game that is not skipped', async () => {
    const created = (await api('POST', '/api/games', game('Fibbage 4', { ticker: 'FIB4' }))).body
    const session = (await api('POST', '/api/sessions', {})).body
    const rows = async () => (await api('GET', `/api/sessions/${session.id}/games`)).body as { id: number; played_at: string }[]
    await api('POST', `/api/sessions/${session.id}/games`, { game_id: created.id })
    const [first] = await rows()
    expect((await api('GET', `/api/games/${created.id}`)).body.last_played_at).toBe(first.played_at)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await api('POST', `/api/sessions/${session.id}/games`, { game_id: created.id })
    const [, second] = await rows()
    expect((await api('GET', `/api/games/${created.id}`)).body.last_played_at).toBe(second.played_at)
    await api('PATCH', `/api/sessions/${session.id}/games/${second.id}/status`, { status: 'skipped' })
    expect((await api('GET', '/api/games')).body.find((g: { id: number }) => g.id === created.id).last_played_at).toBe(first.played_at)
    await api('DELETE', `/api/sessions/${session.id}/games/${first.id}`)
    expect((await api('GET', `/api/games/${created.id}`)).body.last_played_at).toBeNull()
    await api('POST', `/api/sessions/${session.id}/close`, {})
  })
})
