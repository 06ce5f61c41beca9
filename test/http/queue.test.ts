// The viewer queue over a real server, on the run's store: every route and refusal exactly as
// documented (each answer is checked against the OpenAPI document by `call`), the fair order
// after seating, and `queue.updated` on the event stream with the latest state.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connectedEvents } from '../helpers/event-client.ts'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let token: string
const api = (method: string, path: string, body?: unknown, auth: string | null = token) =>
  call(server.url, method, path, { token: auth ?? undefined, body })

beforeAll(async () => {
  server = await startTestServer()
  token = await login(server.url)
})
afterAll(() => server.stop())

describe('the viewer queue', () => {
  test('without an active session every route answers 404 "No active session"', async () => {
    for (const [method, path, body] of [['GET', '/api/queue'], ['POST', '/api/queue/open', {}], ['POST', '/api/queue/close'],
      ['POST', '/api/queue/seat', { count: 1 }], ['POST', '/api/queue/entries', { name: 'Ann' }], ['DELETE', '/api/queue/entries/1']] as const) {
      expect(await api(method, path, body), `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'No active session' } })
    }
  })

  test('open, add by hand, seat, remove and close; refusals change nothing', async () => {
    const session = (await api('POST', '/api/sessions', {})).body
    const game = (await api('POST', '/api/games', { pack_name: 'Party Pack', title: 'Queue Game', min_players: 3, max_players: 6 })).body
    expect(await api('GET', '/api/queue', undefined, null)).toMatchObject({
      status: 200, body: { session_id: session.id, open: false, host_players: 1, entries: [], unseated: [] },
    })
    expect(await api('POST', '/api/queue/open', {}, null)).toMatchObject({ status: 401 })
    const refusals: [string, string, unknown, number, string][] = [
      ['POST', '/api/queue/open', { host_players: 9 }, 400, 'host_players must be an integer from 0 to 8'],
      ['POST', '/api/queue/open', { host_players: '2' }, 400, 'host_players must be an integer from 0 to 8'],
      ['POST', '/api/queue/entries', { name: '' }, 400, 'name must be 1 to 25 characters'],
      ['POST', '/api/queue/entries', { name: 'x'.repeat(26) }, 400, 'name must be 1 to 25 characters'],
      ['POST', '/api/queue/seat', { count: 17 }, 400, 'count must be an integer from 1 to 16'],
      ['POST', '/api/queue/seat', {}, 400, 'count is required when no game is playing'],
      ['DELETE', '/api/queue/entries/999999', undefined, 404, 'Queue entry not found'],
      ['DELETE', '/api/queue/entries/abc', undefined, 400, 'Invalid id'],
    ]
    for (const [method, path, body, status, error] of refusals) {
      expect(await api(method, path, body), `${method} ${path} ${JSON.stringify(body)}`).toMatchObject({ status, body: { error } })
    }
    expect((await api('GET', '/api/queue')).body).toMatchObject({ open: false, host_players: 1, entries: [] })

    expect(await api('POST', '/api/queue/open', { host_players: 2 })).toMatchObject({ status: 200, body: { open: true, host_players: 2 } })
    const ann = await api('POST', '/api/queue/entries', { name: '  Zoë Ann ' })
    expect(ann).toMatchObject({
      status: 201,
      body: { user: 'host:Zoë Ann', name: 'Zoë Ann', seat_name: 'ZOEANN', state: 'waiting', position: 1, games_played: 0, session_game_id: null },
    })
    expect(await api('POST', '/api/queue/entries', { name: 'Zoë Ann' })).toMatchObject({ status: 409, body: { error: 'Already in the queue' } })
    for (const name of ['Bob', 'Cat', 'Dan', 'Eve', 'Fay']) await api('POST', '/api/queue/entries', { name })

    const added = (await api('POST', '/api/sessions/' + session.id + '/games', { game_id: game.id })).body
    const seated = await api('POST', '/api/queue/seat', {})
    // 6 players less the host's 2: four seats, in arrival order.
    expect(seated.status).toBe(200)
    expect(seated.body.entries.map((entry: { name: string; state: string; position: number | null; session_game_id: number | null }) =>
      [entry.name, entry.state, entry.position, entry.session_game_id])).toEqual([
      ['Eve', 'waiting', 1, null], ['Fay', 'waiting', 2, null],
      ['Zoë Ann', 'seated', null, added.id], ['Bob', 'seated', null, added.id], ['Cat', 'seated', null, added.id], ['Dan', 'seated', null, added.id],
    ])
    expect(await api('DELETE', `/api/queue/entries/${ann.body.id}`)).toMatchObject({ status: 200, body: { id: ann.body.id, state: 'seated', position: null } })
    expect(await api('POST', '/api/queue/close')).toMatchObject({ status: 200, body: { open: false } })
    expect((await api('GET', '/api/queue')).body.entries).toHaveLength(5)

    // The game ends: who sat in goes back in line after those who waited.
    expect((await api('PATCH', `/api/sessions/${session.id}/games/${added.id}/status`, { status: 'played' })).status).toBe(200)
    expect((await api('GET', '/api/queue')).body.entries.map((entry: { name: string; games_played: number }) => [entry.name, entry.games_played]))
      .toEqual([['Eve', 0], ['Fay', 0], ['Bob', 1], ['Cat', 1], ['Dan', 1]])
    await api('POST', `/api/sessions/${session.id}/close`, {})
  })

  test('queue.updated reaches the event stream, at most one a second, ending on the latest state', async () => {
    await api('POST', '/api/sessions', {})
    const events = await connectedEvents(server.url, '?events=queue.updated')
    try {
      await api('POST', '/api/queue/open', {})
      for (const name of ['One', 'Two', 'Three']) await api('POST', '/api/queue/entries', { name })
      const received = await events.until(2)
      const last = JSON.parse(received.at(-1)!.data)
      expect(last.event).toBe('queue.updated')
      expect(last.data.queue.entries.map((entry: { name: string }) => entry.name)).toEqual(['One', 'Two', 'Three'])
      const times = received.map((event) => Date.parse(JSON.parse(event.data).timestamp))
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000)
    } finally {
      events.close()
      const active = (await api('GET', '/api/sessions/active')).body
      await api('POST', `/api/sessions/${active.id}/close`, {})
    }
  })
})
