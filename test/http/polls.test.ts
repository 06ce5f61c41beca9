// Polls over a real server, on the run's store: opening (every refusal exactly as documented),
// phone and chat votes (counted once per voter, moved by a second vote), the per-address limit,
// closing with the winner added to the session and the events, never naming a voter.
import { createCore } from '@game-picker/core'
import { startServer } from '@game-picker/http'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { connectedEvents } from '../helpers/event-client.ts'
import { respondWith, startReceiver } from '../helpers/receiver.ts'
import { ADMIN_KEY, call, login, openSharedStores, openTestStore, startTestServer, type TestServer } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

let server: TestServer
let token: string
let games: { id: number; title: string }[]
const api = (method: string, path: string, body?: unknown, auth = token) => call(server.url, method, path, { token: auth, body })
const vote = (pollId: number, body: unknown, auth?: string) => call(server.url, 'POST', `/api/polls/${pollId}/votes`, { token: auth, body })

beforeAll(async () => {
  server = await startTestServer()
  token = await login(server.url)
  games = []
  for (const title of ['Alpha', 'Beta', 'Gamma', 'Delta']) {
    games.push((await api('POST', '/api/games', { pack_name: 'P', title, min_players: 2, max_players: 8 })).body)
  }
  await api('PATCH', `/api/games/${games[3].id}/toggle`)
})
afterAll(() => server.stop())
afterEach(async () => {
  const open = await api('GET', '/api/polls/open')
  if (open.status === 200) await api('POST', `/api/polls/${open.body.id}/close`)
})

describe('opening a poll', () => {
  test('refuses every bad request with its exact message, and changes nothing', async () => {
    const ids = games.map((game) => game.id)
    const refusals: [unknown, number, string][] = [
      [{}, 400, 'Give either gameIds or pick'],
      [{ gameIds: [ids[0], ids[1]], pick: {} }, 400, 'Give either gameIds or pick'],
      [{ gameIds: [ids[0]] }, 400, 'gameIds must be 2 to 10 distinct game ids'],
      [{ gameIds: [ids[0], ids[0]] }, 400, 'gameIds must be 2 to 10 distinct game ids'],
      [{ gameIds: 'x' }, 400, 'gameIds must be 2 to 10 distinct game ids'],
      [{ gameIds: Array.from({ length: 11 }, (_, i) => i + 1) }, 400, 'gameIds must be 2 to 10 distinct game ids'],
      [{ gameIds: [ids[0], 9999] }, 400, 'Unknown or disabled game: 9999'],
      [{ gameIds: [ids[0], ids[3]] }, 400, `Unknown or disabled game: ${ids[3]}`],
      [{ gameIds: [ids[0], ids[1]], durationSeconds: 9 }, 400, 'durationSeconds must be an integer from 10 to 3600'],
      [{ gameIds: [ids[0], ids[1]], durationSeconds: 3601 }, 400, 'durationSeconds must be an integer from 10 to 3600'],
      [{ gameIds: [ids[0], ids[1]], addWinner: 'yes' }, 400, 'addWinner must be a boolean'],
      [{ pick: { count: 1 } }, 400, 'count must be an integer from 2 to 10'],
      [{ pick: { count: 11 } }, 400, 'count must be an integer from 2 to 10'],
      [{ pick: { drawing: 'maybe' } }, 400, 'drawing must be one of: only, exclude'],
      [{ pick: { packs: ['Nope'] } }, 400, 'Unknown pack: Nope'],
      [{ pick: { playerCount: 2, length: 'long' } }, 404, 'No games match the current filters'],
      [{ pick: { playerCount: 2, packs: ['P'], sessionId: 999 } }, 404, 'Session not found'],
    ]
    for (const [body, status, error] of refusals) {
      const answer = await api('POST', '/api/polls', body)
      expect({ body, status: answer.status, error: answer.body.error }).toEqual({ body, status, error })
    }
    expect((await api('POST', '/api/polls', { gameIds: [ids[0], ids[1]] }, '')).body).toEqual({ error: 'Access token required' })
    expect((await api('GET', '/api/polls')).body).toEqual([])
    expect(await api('GET', '/api/polls/open')).toMatchObject({ status: 404, body: { error: 'No open poll' } })
  })

  test('from a pick: its count draws the candidates; fewer than two is "Not enough games for a poll"', async () => {
    const opened = await api('POST', '/api/polls', { pick: { playerCount: 4 } })
    expect(opened.status).toBe(201)
    expect(opened.body.candidates.map((c: { number: number }) => c.number)).toEqual([1, 2, 3])
    expect(new Set(opened.body.candidates.map((c: { game: { id: number } }) => c.game.id)).size).toBe(3)
    expect((await api('POST', '/api/polls', { pick: { count: 2 } })).body).toEqual({ error: 'A poll is already open' })
    await api('POST', `/api/polls/${opened.body.id}/close`)
    await api('PATCH', `/api/games/${games[1].id}/toggle`)
    await api('PATCH', `/api/games/${games[2].id}/toggle`)
    try {
      expect(await api('POST', '/api/polls', { pick: { count: 2 } })).toMatchObject({ status: 400, body: { error: 'Not enough games for a poll' } })
    } finally {
      await api('PATCH', `/api/games/${games[1].id}/toggle`)
      await api('PATCH', `/api/games/${games[2].id}/toggle`)
    }
  })
})

describe('voting and closing', () => {
  test('phones and chat vote once each, a second vote moves it, and the winner joins the session with its events', async () => {
    const session = (await api('POST', '/api/sessions', { notes: 'poll night' })).body
    const first = (await api('POST', `/api/sessions/${session.id}/games`, { game_id: games[2].id })).body
    const stream = await connectedEvents(server.url)
    const opened = await api('POST', '/api/polls', { gameIds: [games[0].id, games[1].id, games[2].id], addWinner: true })
    expect(opened).toMatchObject({
      status: 201,
      body: { status: 'open', total_votes: 0, closes_at: null, closed_at: null, add_winner: true, winner: null, session_game: null },
    })
    const pollId = opened.body.id
    expect(opened.body.candidates.map((c: any) => [c.number, c.game.title, c.votes])).toEqual([[1, 'Alpha', 0], [2, 'Beta', 0], [3, 'Gamma', 0]])
    expect((await api('GET', '/api/polls/open')).body).toEqual(opened.body)

    expect((await vote(pollId, { choice: 1, voter: 'phone-one-1' })).body.total_votes).toBe(1)
    await vote(pollId, { choice: 2, voter: 'phone-two-2' })
    const moved = await vote(pollId, { choice: 2, voter: 'phone-one-1' })
    expect(moved.body.candidates.map((c: any) => c.votes)).toEqual([0, 2, 0])
    expect(await vote(pollId, { choice: 1, username: 'chatter' })).toMatchObject({ status: 401, body: { error: 'Access token required' } })
    expect(await vote(pollId, { choice: 1, username: 'chatter' }, 'bad')).toMatchObject({ status: 403, body: { error: 'Invalid or expired token' } })
    // A chat vote needs the scope `votes`; a token of another scope is refused, a votes-only one counts.
    const tokenOf = async (scope: string) => (await api('POST', '/api/tokens', { name: `poll-${scope}`, scopes: [scope] })).body.token
    expect(await vote(pollId, { choice: 1, username: 'chatter' }, await tokenOf('sessions')))
      .toMatchObject({ status: 403, body: { error: 'Token lacks scope: votes' } })
    expect(await vote(pollId, { choice: 1, username: 'bot-voter' }, await tokenOf('votes'))).toMatchObject({ status: 200 })
    await vote(pollId, { choice: 2, username: 'bot-voter' }, token) // moved by the admin login: still one vote
    await vote(pollId, { choice: 1, username: 'phone-one-1' }, token) // the same name as a phone's: another voter
    const retried = await Promise.all(Array.from({ length: 5 }, () => vote(pollId, { choice: 3, username: 'viewer' }, token)))
    expect(retried.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    expect((await api('GET', `/api/polls/${pollId}`)).body.candidates.map((c: any) => c.votes)).toEqual([1, 3, 1])
    // The tallies on the stream catch up with the last vote, exactly.
    const counted = (event: { event: string; data: string }) => event.event === 'poll.voted' && JSON.parse(event.data).data.total_votes === 5
    await until(() => stream.events.some(counted), Boolean)
    expect(JSON.parse(stream.events.find(counted)!.data).data)
      .toEqual({ poll_id: pollId, candidates: [{ number: 1, votes: 1 }, { number: 2, votes: 3 }, { number: 3, votes: 1 }], total_votes: 5 })

    const refusals: [unknown, number, string][] = [
      [{ choice: 1 }, 400, 'Give either voter or username'],
      [{ choice: 1, voter: 'phone-one-1', username: 'x' }, 400, 'Give either voter or username'],
      [{ choice: 1, voter: 'short' }, 400, 'voter must be 8 to 64 letters, digits, _ or -'],
      [{ choice: 1, voter: 'has space in it' }, 400, 'voter must be 8 to 64 letters, digits, _ or -'],
      [{ choice: 1, voter: 'x'.repeat(65) }, 400, 'voter must be 8 to 64 letters, digits, _ or -'],
      [{ choice: 0, voter: 'phone-one-1' }, 400, 'choice must be an integer from 1 to 3'],
      [{ choice: 4, voter: 'phone-one-1' }, 400, 'choice must be an integer from 1 to 3'],
      [{ choice: '1', voter: 'phone-one-1' }, 400, 'choice must be an integer from 1 to 3'],
      [{ choice: 1, username: '' }, 400, 'username must be 1 to 64 characters'],
      [{ choice: 1, username: 'u'.repeat(65) }, 400, 'username must be 1 to 64 characters'],
    ]
    for (const [body, status, error] of refusals) {
      const answer = await vote(pollId, body, token)
      expect({ body, status: answer.status, error: answer.body.error }).toEqual({ body, status, error })
    }
    expect((await vote(9999, { choice: 1, voter: 'phone-one-1' })).body).toEqual({ error: 'Poll not found' })

    const closed = await api('POST', `/api/polls/${pollId}/close`)
    expect(closed).toMatchObject({ status: 200, body: { status: 'closed', total_votes: 5, winner: { number: 2, game: { title: 'Beta' } } } })
    expect(closed.body.closed_at).toEqual(expect.any(String))
    expect(closed.body.session_game).toMatchObject({ session_id: session.id, game_id: games[1].id, status: 'playing', manually_added: 0 })
    expect((await api('POST', `/api/polls/${pollId}/close`)).body).toEqual({ error: 'Poll is closed' })
    expect((await vote(pollId, { choice: 1, voter: 'phone-one-1' })).body).toEqual({ error: 'Poll is closed' })
    expect((await api('POST', '/api/polls/9999/close')).body).toEqual({ error: 'Poll not found' })
    expect((await api('GET', '/api/polls/9999')).body).toEqual({ error: 'Poll not found' })
    expect((await api('GET', `/api/polls/${pollId}`)).body).toEqual(closed.body)
    expect((await api('GET', '/api/polls?limit=1')).body).toEqual([closed.body])
    expect((await api('GET', '/api/polls?limit=0')).body).toEqual({ error: 'limit must be an integer from 1 to 100' })
    expect((await api('GET', '/api/polls?limit=101')).body).toEqual({ error: 'limit must be an integer from 1 to 100' })

    const rows = (await api('GET', `/api/sessions/${session.id}/games`)).body
    expect(rows.map((row: any) => [row.game_id, row.status])).toEqual([[games[2].id, 'played'], [games[1].id, 'playing']])
    const events = await stream.until(1)
    await until(() => events.some((event) => event.event === 'poll.closed'), Boolean)
    const types = events.map((event) => event.event)
    expect(types[0]).toBe('poll.opened')
    expect(types.slice(-3)).toEqual(['session_game.updated', 'game.added', 'poll.closed'])
    expect(JSON.parse(events.find((e) => e.event === 'session_game.updated')!.data).data.session_game).toMatchObject({ id: first.id, status: 'played' })
    expect(JSON.parse(events.find((e) => e.event === 'game.added')!.data).data.game).toMatchObject({ id: games[1].id, manually_added: false })
    expect(JSON.parse(events.at(-1)!.data).data.poll).toEqual(closed.body)
    const text = events.map((event) => event.data).join('\n')
    for (const name of ['phone-one-1', 'phone-two-2', 'viewer']) expect(text).not.toContain(name)
    expect(events.filter((event) => event.event === 'poll.closed')).toHaveLength(1)
    await api('POST', `/api/sessions/${session.id}/close`)
  })

  test('at most 50 phone voters per address per poll; those already counted may still move their vote', async () => {
    const pollId = (await api('POST', '/api/polls', { gameIds: [games[0].id, games[1].id] })).body.id
    for (let i = 0; i < 50; i++) expect((await vote(pollId, { choice: 1, voter: `phone-${String(i).padStart(4, '0')}` })).status).toBe(200)
    expect(await vote(pollId, { choice: 1, voter: 'phone-0050' })).toMatchObject({ status: 429, body: { error: 'Too many voters from this address' } })
    expect((await vote(pollId, { choice: 2, voter: 'phone-0007' })).body.candidates.map((c: any) => c.votes)).toEqual([49, 1])
    expect((await vote(pollId, { choice: 2, username: 'chat-is-not-a-phone' }, token)).status).toBe(200)
    const closed = (await api('POST', `/api/polls/${pollId}/close`)).body
    expect(closed).toMatchObject({ total_votes: 51, winner: { number: 1 }, add_winner: false, session_game: null })
  })

  test('addWinner without an active session: the poll closes, session_game stays null', async () => {
    const pollId = (await api('POST', '/api/polls', { gameIds: [games[0].id, games[1].id], addWinner: true })).body.id
    const closed = await api('POST', `/api/polls/${pollId}/close`)
    expect(closed).toMatchObject({ status: 200, body: { status: 'closed', total_votes: 0, session_game: null } })
    expect([1, 2]).toContain(closed.body.winner.number)
  })
})

describe('webhooks', () => {
  test('a webhook subscribed to the poll events gets them, signed like every event, naming no voter', async () => {
    const receiver = await startReceiver(respondWith(200))
    const hook = await api('POST', '/api/webhooks', {
      name: 'poll bot', url: receiver.url, secret: 's3cret', events: ['poll.opened', 'poll.voted', 'poll.closed'],
    })
    expect(hook.status).toBe(201)
    const pollId = (await api('POST', '/api/polls', { gameIds: [games[0].id, games[1].id] })).body.id
    await vote(pollId, { choice: 2, voter: 'secret-phone-id' })
    await vote(pollId, { choice: 2, username: 'secret-chatter' }, token)
    await until(() => receiver.requests.some((request) => JSON.parse(request.rawBody).data.total_votes === 2), Boolean)
    await api('POST', `/api/polls/${pollId}/close`)
    await until(() => receiver.requests.some((request) => request.headers['x-webhook-event'] === 'poll.closed'), Boolean)
    const bodies = receiver.requests.map((request) => JSON.parse(request.rawBody))
    expect(bodies[0]).toMatchObject({ event: 'poll.opened', data: { poll: { id: pollId, status: 'open' } } })
    expect(bodies.find((body) => body.data.total_votes === 2)).toMatchObject({
      event: 'poll.voted', data: { poll_id: pollId, candidates: [{ number: 1, votes: 0 }, { number: 2, votes: 2 }], total_votes: 2 },
    })
    expect(bodies.at(-1)).toMatchObject({ event: 'poll.closed', data: { poll: { id: pollId, status: 'closed', winner: { number: 2 } } } })
    expect(receiver.requests.every((request) => String(request.headers['x-webhook-signature']).startsWith('sha256='))).toBe(true)
    expect(receiver.requests.map((request) => request.rawBody).join('\n')).not.toContain('secret-')
    await api('DELETE', `/api/webhooks/${hook.body.id}`)
  })
})

describe('a poll with a duration', () => {
  test('past its closes_at it is closed with the votes before, even when no server ran at that moment', async () => {
    let now = Date.parse('2026-11-24T20:00:00.000Z')
    const store = await openTestStore()
    const core = createCore({ secretKey: TEST_SECRET_KEY, store, now: () => new Date(now) })
    let running = await startServer({ core, adminKey: ADMIN_KEY, log: () => {}, port: 0 })
    try {
      const admin = await login(running.url)
      const post = (path: string, body: unknown, auth?: string) => call(running.url, 'POST', path, { token: auth, body })
      const game = async (title: string) => (await post('/api/games', { pack_name: 'T', title, min_players: 1, max_players: 9 }, admin)).body.id
      const ids = [await game('One'), await game('Two')]
      const opened = (await post('/api/polls', { gameIds: ids, durationSeconds: 60 }, admin)).body
      expect(opened.closes_at).toBe('2026-11-24T20:01:00.000Z')
      now += 30_000
      await post(`/api/polls/${opened.id}/votes`, { choice: 2, voter: 'early-bird' })
      await running.close() // nobody is serving when the minute ends
      now += 60_000
      running = await startServer({ core, adminKey: ADMIN_KEY, log: () => {}, port: 0 })
      const late = await call(running.url, 'POST', `/api/polls/${opened.id}/votes`, { body: { choice: 1, voter: 'late-comer' } })
      expect(late).toMatchObject({ status: 400, body: { error: 'Poll is closed' } })
      const poll = (await call(running.url, 'GET', `/api/polls/${opened.id}`)).body
      expect(poll).toMatchObject({ status: 'closed', closed_at: '2026-11-24T20:01:00.000Z', total_votes: 1, winner: { number: 2 } })
      expect((await call(running.url, 'GET', '/api/polls/open')).body).toEqual({ error: 'No open poll' })
      const events = await core.events.after(0, 100)
      expect(events.filter((event) => event.type === 'poll.closed')).toHaveLength(1)
    } finally {
      await running.close()
      await core.close()
    }
  })
})

describe('votes racing a close', () => {
  test('each is either counted in the final tally or refused with "Poll is closed", never lost', async () => {
    const pollId = (await api('POST', '/api/polls', { gameIds: [games[0].id, games[1].id] })).body.id
    const votes = Array.from({ length: 60 }, (_, i) => i % 3 === 0
      ? vote(pollId, { choice: 1 + (i % 2), voter: `racing-phone-${i}` })
      : vote(pollId, { choice: 1 + (i % 2), username: `racer${i}` }, token))
    const [closed] = await Promise.all([
      new Promise((resolve) => setTimeout(resolve, 5)).then(() => api('POST', `/api/polls/${pollId}/close`)),
      ...votes,
    ])
    const answers = await Promise.all(votes)
    const accepted = answers.filter((answer) => answer.status === 200)
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.error))
      .toEqual(Array(60 - accepted.length).fill('Poll is closed'))
    expect(closed.body.total_votes).toBe(accepted.length)
    expect((await api('GET', `/api/polls/${pollId}`)).body.total_votes).toBe(accepted.length)
  })
})

describe('two servers on one database', () => {
  test('one open poll, one vote per voter, one closing with one winner added, however the requests are split', async () => {
    const stores = await openSharedStores(2)
    const servers = await Promise.all(stores.map((store) =>
      startServer({ core: createCore({ secretKey: TEST_SECRET_KEY, store }), adminKey: ADMIN_KEY, log: () => {}, port: 0 })))
    try {
      const urls = servers.map((one) => one.url)
      const tokens = await Promise.all(urls.map((url) => login(url)))
      const on = (i: number, method: string, path: string, body?: unknown) => call(urls[i % 2], method, path, { token: tokens[i % 2], body })
      const ids: number[] = []
      for (const title of ['A', 'B']) ids.push((await on(0, 'POST', '/api/games', { pack_name: 'Two', title, min_players: 1, max_players: 9 })).body.id)
      await on(0, 'POST', '/api/sessions', {})
      const opens = await Promise.all(Array.from({ length: 6 }, (_, i) => on(i, 'POST', '/api/polls', { gameIds: ids, addWinner: true })))
      expect(opens.filter((answer) => answer.status === 201)).toHaveLength(1)
      expect(opens.filter((answer) => answer.status === 400).map((answer) => answer.body.error)).toEqual(Array(5).fill('A poll is already open'))
      const pollId = opens.find((answer) => answer.status === 201)!.body.id
      const votes = await Promise.all(Array.from({ length: 20 }, (_, i) =>
        on(i, 'POST', `/api/polls/${pollId}/votes`, { choice: (i % 2) + 1, username: `viewer-${i % 5}` })))
      expect(votes.every((answer) => answer.status === 200)).toBe(true)
      const closes = await Promise.all(Array.from({ length: 4 }, (_, i) => on(i, 'POST', `/api/polls/${pollId}/close`)))
      expect(closes.filter((answer) => answer.status === 200)).toHaveLength(1)
      const closed = closes.find((answer) => answer.status === 200)!.body
      expect(closed.total_votes).toBe(5)
      const rows = (await on(1, 'GET', '/api/sessions/active')).body
      expect(rows.games_played).toBe(1)
      const events = await createCore({ secretKey: TEST_SECRET_KEY, store: stores[1] }).events.after(0, 500)
      expect(events.filter((event) => event.type === 'poll.closed')).toHaveLength(1)
      expect(events.filter((event) => event.type === 'game.added')).toHaveLength(1)
    } finally {
      await Promise.all(servers.map((one) => one.close()))
    }
  })
})
