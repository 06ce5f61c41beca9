// The live event stream over a real server, read by a standard EventSource client.
import { join } from 'node:path'
import { createCore } from '@game-picker/core'
import { startServer } from '@game-picker/http'
import { afterEach, describe, expect, test } from 'vitest'
import { connectedEvents, connectEvents } from '../helpers/event-client.ts'
import { respondWith, startReceiver } from '../helpers/receiver.ts'
import { ADMIN_KEY, call, login, openTestStore, startTestServer, type TestServer } from '../helpers/server.ts'
import { tempDir } from '../helpers/tmp-dir.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

const servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop()
})

async function serverWithGame(options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(options)
  servers.push(server)
  const token = await login(server.url)
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await call(server.url, method, path, { token, body })
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text}`)
    return response.body
  }
  const game = await api('POST', '/api/games', { pack_name: 'Party Pack', title: 'Quiplash', min_players: 3, max_players: 8 })
  return { server, token, api, game }
}

/** One of each event type, the way a games night makes them. */
async function eveningOfEvents(api: (method: string, path: string, body?: unknown) => Promise<any>, gameId: number) {
  const session = await api('POST', '/api/sessions', { notes: 'Friday' })
  const row = await api('POST', `/api/sessions/${session.id}/games`, { game_id: gameId })
  await api('PATCH', `/api/sessions/${session.id}/games/${row.id}/room-code`, { room_code: 'ABCD' })
  await api('POST', '/api/votes/live', { username: 'sam', vote: 'up', timestamp: new Date().toISOString() })
  await api('POST', `/api/sessions/${session.id}/close`)
  return session
}

const EVENING = ['session.started', 'game.added', 'session_game.updated', 'vote.received', 'session_game.updated', 'session.ended']

describe('GET /api/events', () => {
  test('sends every event type with its id, type and exactly the body a webhook receives', async () => {
    const { server, api, game } = await serverWithGame()
    const receiver = await startReceiver(respondWith(200))
    await api('POST', '/api/webhooks', { name: 'all', url: receiver.url, secret: 's', events: [...new Set(EVENING)] })
    const client = await connectedEvents(server.url)
    await eveningOfEvents(api, game.id)

    const events = await client.until(EVENING.length)
    expect(events.map((event) => event.event)).toEqual(EVENING)
    const ids = events.map((event) => Number(event.id))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(new Set(ids).size).toBe(ids.length)
    const [sgUpdate] = events.filter((event) => event.event === 'session_game.updated')
    expect(JSON.parse(sgUpdate.data).data.session_game).toMatchObject({ title: 'Quiplash', room_code: 'ABCD', status: 'playing' })

    await receiver.untilRequests(EVENING.length)
    const webhookBodies = receiver.requests.map((request) => request.rawBody).sort()
    const streamBodies = events.map((event) => event.data).sort()
    // The stream is public: the one difference is that it leaves out who voted.
    const vote = JSON.parse(webhookBodies.find((body) => body.includes('vote.received'))!)
    delete vote.data.vote.username
    expect(streamBodies).toEqual(webhookBodies.map((body) => (body.includes('vote.received') ? JSON.stringify(vote) : body)).sort())
  })

  test('an admin connection and a public one differ only in vote.username', async () => {
    const { server, token, api, game } = await serverWithGame()
    const admin = await connectedEvents(server.url, '', { Authorization: `Bearer ${token}` })
    const byQuery = await connectedEvents(server.url, `?access_token=${token}`)
    const visitor = await connectedEvents(server.url)
    await eveningOfEvents(api, game.id)

    const [adminEvents, queryEvents, publicEvents] = await Promise.all([admin, byQuery, visitor].map((c) => c.until(EVENING.length)))
    expect(queryEvents).toEqual(adminEvents)
    const voteOf = (events: typeof adminEvents) => JSON.parse(events.find((e) => e.event === 'vote.received')!.data).data.vote
    expect(voteOf(adminEvents)).toMatchObject({ username: 'sam', type: 'up' })
    expect(Object.keys(voteOf(publicEvents))).toEqual(['type', 'timestamp'])
    const others = (events: typeof adminEvents) => events.filter((e) => e.event !== 'vote.received')
    expect(others(publicEvents)).toEqual(others(adminEvents))
  })

  test('resumes after the server went away: nothing lost, nothing repeated', async () => {
    const file = join(tempDir(), 'resume.sqlite')
    const first = await serverWithGame({ file })
    const port = Number(new URL(first.server.url).port)
    const client = await connectedEvents(first.server.url)
    const session = await first.api('POST', '/api/sessions')
    await first.api('POST', `/api/sessions/${session.id}/games`, { game_id: first.game.id })
    await client.until(2)

    await servers.pop()!.stop() // ends the stream cleanly; the client will reconnect by itself
    const core = createCore({ secretKey: TEST_SECRET_KEY, store: await openTestStore(file) })
    const restarted = await startServer({ core, adminKey: ADMIN_KEY, port, log: () => {} })
    servers.push({ url: restarted.url, core, server: restarted, stop: async () => { await restarted.close(); await core.close() } })
    // Written while the client is away: it must get them by resuming from its last id.
    await core.votes.live({ username: 'ann', vote: 'up', timestamp: new Date().toISOString() })
    await core.votes.live({ username: 'bob', vote: 'down', timestamp: new Date().toISOString() })
    await client.until(4)
    await core.sessions.close(session.id) // and live again afterwards
    const events = await client.until(6)
    expect(events.map((event) => event.event)).toEqual(
      ['session.started', 'game.added', 'vote.received', 'vote.received', 'session_game.updated', 'session.ended'])
    expect(events.map((event) => Number(event.id))).toEqual([1, 2, 3, 4, 5, 6])
    expect(client.errors).toBeGreaterThan(0) // it really was disconnected
  })

  test('filters by type, in the replay too; Last-Event-ID wins over the query; an id past the newest replays nothing', async () => {
    const { server, api, game } = await serverWithGame()
    await eveningOfEvents(api, game.id)

    const votesAndEnds = await connectedEvents(server.url, '?events=vote.received,session.ended&lastEventId=0')
    expect((await votesAndEnds.until(2)).map((event) => [event.id, event.event])).toEqual([['4', 'vote.received'], ['6', 'session.ended']])
    const fromHeader = await connectedEvents(server.url, '?lastEventId=0', { 'Last-Event-ID': '5' })
    expect((await fromHeader.until(1)).map((event) => event.id)).toEqual(['6'])
    const beyond = await connectedEvents(server.url, '?lastEventId=999')
    await api('POST', '/api/sessions')
    expect((await beyond.until(1)).map((event) => [event.id, event.event])).toEqual([['7', 'session.started']])
  })

  test('an id older than what is kept gets a reset first, then the kept events', async () => {
    const { server, api, game } = await serverWithGame()
    await eveningOfEvents(api, game.id)
    await server.core.store.transaction((tx) => tx.pruneEvents('2100-01-01T00:00:00.000Z', 2, 1000))

    const client = await connectedEvents(server.url, '?lastEventId=1')
    expect((await client.until(3)).map((event) => [event.event, event.data])).toEqual([
      ['reset', '{}'], ['session_game.updated', expect.any(String)], ['session.ended', expect.any(String)],
    ])
    const current = await connectedEvents(server.url, '?lastEventId=4') // still kept: no reset
    expect((await current.until(2)).map((event) => event.event)).toEqual(['session_game.updated', 'session.ended'])
  })

  test.each([
    ['?events=vote.received,nope', {}, 400, 'Unknown event type: nope'],
    ['?lastEventId=abc', {}, 400, 'Invalid Last-Event-ID'],
    ['', { 'Last-Event-ID': '-1' }, 400, 'Invalid Last-Event-ID'],
    ['?access_token=not-a-token', {}, 403, 'Invalid or expired token'],
    ['', { Authorization: 'Bearer not-a-token' }, 403, 'Invalid or expired token'],
  ])('%s %j answers %i %s', async (query, headers, status, error) => {
    const { server } = await serverWithGame()
    expect(await call(server.url, 'GET', `/api/events${query}`, { headers })).toMatchObject({ status, body: { error } })
  })

  test('an idle stream gets a comment, and a shutdown ends every stream cleanly', async () => {
    const { server } = await serverWithGame({ eventPingMs: 200 })
    const response = await fetch(`${server.url}/api/events`)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const reader = response.body!.getReader()
    let received = ''
    while (!received.includes(': ping\n\n')) received += new TextDecoder().decode((await reader.read()).value)
    expect(received).toBe(': connected\n\n: ping\n\n')

    await servers.pop()!.stop() // resolves only once every stream has ended
    let rest = { done: false }
    while (!rest.done) rest = await reader.read()
    expect(rest.done).toBe(true)
  })
})
