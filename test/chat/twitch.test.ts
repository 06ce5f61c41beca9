// The Twitch chat connector against a local fake of Twitch's chat, on each store: started and
// stopped over the API, chat votes recorded with the sender's login and the message's own time
// through the live-vote rules (the 1 s duplicate rule included), !join / !leave in the viewer
// queue by login with the display name, a dropped connection rejoined, RECONNECT followed, PING
// answered, nothing counted twice, and reading resumed after a restart.
import type { Store } from '@game-picker/core'
import { type RunningServer, type ServerOptions, startServer } from '@game-picker/http'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { connectEvents } from '../helpers/event-client.ts'
import { type FakeTwitch, startFakeTwitch } from '../helpers/fake-twitch.ts'
import { ADMIN_KEY, call, createTestCore, login, openSharedStores, openTestStore } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

let twitch: FakeTwitch
beforeAll(async () => void (twitch = await startFakeTwitch()))
afterAll(() => twitch.close())
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serverOn(
  store: Store, instanceId: string, options: Partial<ServerOptions> = {},
): Promise<{ url: string; token: string; server: RunningServer; close(): Promise<void> }> {
  const server = await startServer({
    core: createTestCore(store, { twitch: { url: twitch.url } }, { instanceId }), adminKey: ADMIN_KEY, port: 0, chatSyncMs: 100,
    log: process.env.DEBUG_CHAT ? console.log : () => {}, ...options,
  })
  let closed = false
  const close = async () => { if (!closed) { closed = true; await server.close() } }
  cleanups.push(close)
  return { url: server.url, token: await login(server.url), server, close }
}

/** A server with a session playing a game since a minute ago. */
async function readyServer(channel: string, options: Partial<ServerOptions> = {}) {
  const store = await openTestStore()
  cleanups.push(() => store.close())
  const running = await serverOn(store, 'only', options)
  const api = async (method: string, path: string, body?: unknown) => call(running.url, method, path, { token: running.token, body })
  const game = (await api('POST', '/api/games', { pack_name: 'Party Pack', title: 'Quiplash', min_players: 3, max_players: 8 })).body
  const session = (await api('POST', '/api/sessions')).body
  await api('POST', `/api/sessions/${session.id}/games`, { game_id: game.id })
  return { ...running, store, api, game, session, status: async () => (await call(running.url, 'GET', '/api/chat/twitch')).body }
}

describe('the API', () => {
  test('start (admin), status (public), one channel at a time, stop; exact errors', async () => {
    const { url, token, api } = await readyServer('unused')
    expect(await call(url, 'POST', '/api/chat/twitch', { body: { channel: 'somebody' } })).toMatchObject({ status: 401 })
    for (const channel of ['ab', 'x'.repeat(26), 'has space', 'dash-ed', 42, undefined]) {
      expect(await api('POST', '/api/chat/twitch', { channel }), String(channel)).toMatchObject({ status: 400, body: { error: 'channel must be 3 to 25 letters, digits or _' } })
    }
    expect(await call(url, 'GET', '/api/chat/twitch')).toMatchObject({ status: 404, body: { error: 'Not reading a channel' } })
    expect(await call(url, 'GET', '/api/chat')).toMatchObject({ status: 200, body: [] })
    expect(await call(url, 'DELETE', '/api/chat/twitch', { token })).toMatchObject({ status: 404, body: { error: 'Not reading a channel' } })

    const started = await api('POST', '/api/chat/twitch', { channel: 'Api_Channel' })
    expect(started.status).toBe(201)
    expect(started.body).toMatchObject({ channel: 'api_channel', counts: { up: 0, down: 0, poll: 0, queue: 0, ignored: 0 } })
    expect(['connecting', 'connected']).toContain(started.body.state)
    expect(await api('POST', '/api/chat/twitch', { channel: 'other_one' })).toMatchObject({ status: 400, body: { error: 'Already reading a channel' } })
    expect((await api('POST', '/api/chat/twitch', { channel: 'api_channel' })).status).toBe(201) // the same one: nothing changes
    await until(async () => (await call(url, 'GET', '/api/chat/twitch')).body.state, (state) => state === 'connected')
    expect((await call(url, 'GET', '/api/chat')).body).toEqual([
      { platform: 'twitch', channel: 'api_channel', state: 'connected', since: started.body.since, counts: { up: 0, down: 0, poll: 0, queue: 0, ignored: 0 } },
    ])
    expect(twitch.readers('api_channel')).toBe(1)
    expect(twitch.nicks.at(-1)).toMatch(/^justinfan\d+$/)

    const stopped = await api('DELETE', '/api/chat/twitch')
    expect(stopped).toMatchObject({ status: 200, body: { channel: 'api_channel', state: 'connected' } })
    await until(() => twitch.readers('api_channel'), (n) => n === 0)
    expect(await call(url, 'GET', '/api/chat/twitch')).toMatchObject({ status: 404 })
  })
})

describe('reading chat', () => {
  test('votes carry the sender\'s login and the message\'s time; the 1 s rule holds; everything else is ignored', async () => {
    const { api, session, status, store } = await readyServer('votes')
    await api('POST', '/api/chat/twitch', { channel: 'votes_channel' })
    await until(status, (s) => s.state === 'connected')
    const t = Date.now() // the game was added just before
    twitch.say('votes_channel', { login: 'viewer_one', displayName: 'Viewer_One', text: 'what a game thisgame++', sentAt: t })
    twitch.say('votes_channel', { login: 'viewer_one', text: 'THISGAME--', sentAt: t + 500 }) // within 1 s of the last: ignored
    twitch.say('votes_channel', { login: 'viewer_two', text: 'thisgame--', sentAt: t + 600 })
    twitch.say('votes_channel', { login: 'viewer_two', text: 'hello chat', sentAt: t + 700 })
    twitch.say('votes_channel', { login: 'viewer_three', text: '!2', sentAt: t + 800 }) // no poll in this build: ignored
    twitch.say('votes_channel', { login: 'viewer_one', text: 'thisgame++', sentAt: t + 1500 })
    const counts = (await until(status, (s) => s.counts.up + s.counts.down + s.counts.ignored === 6)).counts
    expect(counts).toEqual({ up: 2, down: 1, poll: 0, queue: 0, ignored: 3 })
    const votes = await store.read((tx) => tx.listVotes(session.id))
    expect(votes.map(({ username, type, timestamp }) => ({ username, type, timestamp }))).toEqual([
      { username: 'viewer_one', type: 'up', timestamp: new Date(t).toISOString() },
      { username: 'viewer_two', type: 'down', timestamp: new Date(t + 600).toISOString() },
      { username: 'viewer_one', type: 'up', timestamp: new Date(t + 1500).toISOString() },
    ])
  })

  test('TICKER++ / TICKER-- vote for that game whatever is playing, under the same 1 s rule; an unknown ticker is ignored', async () => {
    const { api, session, status, store, game } = await readyServer('tickers')
    const other = (await api('POST', '/api/games', { pack_name: 'Party Pack', title: 'Fibbage 4', min_players: 2, max_players: 8, ticker: 'FIB4' })).body
    await api('POST', '/api/chat/twitch', { channel: 'ticker_channel' })
    await until(status, (s) => s.state === 'connected')
    const t = Date.now()
    twitch.say('ticker_channel', { login: 'ann', text: 'that was great FIB4++', sentAt: t })
    twitch.say('ticker_channel', { login: 'ann', text: 'thisgame--', sentAt: t + 300 }) // within 1 s of her ticker vote: ignored
    twitch.say('ticker_channel', { login: 'bob', text: 'fib4--', sentAt: t + 400 })
    twitch.say('ticker_channel', { login: 'cat', text: 'NOPE9++', sentAt: t + 500 }) // nobody's ticker: ignored
    twitch.say('ticker_channel', { login: 'dan', text: 'FIB4++ thisgame++', sentAt: t + 600 }) // two marks: ignored
    const counts = (await until(status, (s) => s.counts.up + s.counts.down + s.counts.ignored === 5)).counts
    expect(counts).toEqual({ up: 1, down: 1, poll: 0, queue: 0, ignored: 3 })
    const votes = await store.read((tx) => tx.listVotes(session.id))
    expect(votes.map(({ username, type, game_id, session_game_id }) => ({ username, type, game_id, session_game_id }))).toEqual([
      { username: 'ann', type: 'up', game_id: other.id, session_game_id: null },
      { username: 'bob', type: 'down', game_id: other.id, session_game_id: null },
    ])
    expect((await api('GET', `/api/games/${game.id}`)).body).toMatchObject({ upvotes: 0, downvotes: 0 })
  })

  test('a dropped connection is rejoined (announced on the stream), RECONNECT followed, PING answered; a repeated message id is not counted again', async () => {
    const { url, api, status } = await readyServer('drops')
    const stream = connectEvents(url, '?events=chat.connected,chat.disconnected')
    await stream.opened
    await api('POST', '/api/chat/twitch', { channel: 'drop_channel' })
    await until(status, (s) => s.state === 'connected')
    const id = twitch.say('drop_channel', { login: 'ann', text: 'thisgame++', sentAt: Date.now() })
    await until(status, (s) => s.counts.up === 1)

    const accepted = twitch.accepted
    twitch.drop()
    await until(() => twitch.accepted, (n) => n > accepted)
    await until(status, (s) => s.state === 'connected' && twitch.readers('drop_channel') === 1)
    // The same message again (as after a reconnect that replays): counted once. A new one counts.
    twitch.say('drop_channel', { login: 'ann', text: 'thisgame++', sentAt: Date.now() + 5000, id })
    twitch.say('drop_channel', { login: 'bob', text: 'thisgame--', sentAt: Date.now() })
    expect((await until(status, (s) => s.counts.down === 1)).counts).toEqual({ up: 1, down: 1, poll: 0, queue: 0, ignored: 0 })

    const beforeReconnect = twitch.accepted
    twitch.reconnect()
    await until(() => twitch.accepted, (n) => n > beforeReconnect)
    await until(() => twitch.readers('drop_channel'), (n) => n === 1)
    await twitch.ping()

    const events = await stream.until(5)
    expect(events.map((event) => event.event)).toEqual(['chat.connected', 'chat.disconnected', 'chat.connected', 'chat.disconnected', 'chat.connected'])
    expect(JSON.parse(events[0].data).data).toEqual({ platform: 'twitch', channel: 'drop_channel' })
    stream.close()
  })

  test('while a poll is open, 2, !2 and #2 are poll votes by the sender; without one, numbers are ignored', async () => {
    const { api, game, status } = await readyServer('polls')
    await api('POST', '/api/chat/twitch', { channel: 'poll_channel' })
    await until(status, (s) => s.state === 'connected')
    twitch.say('poll_channel', { login: 'early', text: '!1' })
    await until(status, (s) => s.counts.ignored === 1)

    const others = await Promise.all(['Drawful', 'Fibbage'].map(async (title) =>
      (await api('POST', '/api/games', { pack_name: 'Party Pack', title, min_players: 3, max_players: 8 })).body))
    const poll = (await api('POST', '/api/polls', { gameIds: [game.id, ...others.map((one) => one.id)] })).body
    for (const [login, text] of [['ann', '2'], ['bob', '!1'], ['cat', '#3'], ['dan', ' !2 '], ['eve', '!4'], ['fay', '!2 please'], ['gus', '#two'], ['bob', '#3']]) {
      twitch.say('poll_channel', { login, text })
    }
    expect((await until(status, (s) => s.counts.poll + s.counts.ignored === 9)).counts).toEqual({ up: 0, down: 0, poll: 5, queue: 0, ignored: 4 })
    // bob moved his vote from 1 to 3.
    const tally = (await api('GET', `/api/polls/${poll.id}`)).body
    expect(tally.candidates.map((candidate: { votes: number }) => candidate.votes)).toEqual([0, 2, 2])
  })

  test('keeps reading across a restart of the server', async () => {
    const { api, store, status, close } = await readyServer('restart')
    await api('POST', '/api/chat/twitch', { channel: 'restart_channel' })
    await until(status, (s) => s.state === 'connected')
    await close()
    await until(() => twitch.readers('restart_channel'), (n) => n === 0)
    const again = await serverOn(store, 'again')
    await until(() => twitch.readers('restart_channel'), (n) => n === 1)
    twitch.say('restart_channel', { login: 'cat', text: 'thisgame++', sentAt: Date.now() })
    await until(async () => (await call(again.url, 'GET', '/api/chat/twitch')).body.counts.up, (up) => up === 1)
  })
})

describe('the viewer queue', () => {
  test('!join and !leave by the login, named by display-name (accents kept; the login when empty); replayed after a reconnect, counted once', async () => {
    const { url, api, status } = await readyServer('queue')
    await api('POST', '/api/queue/open', {})
    await api('POST', '/api/chat/twitch', { channel: 'queue_channel' })
    await until(status, (s) => s.state === 'connected')
    // One at a time, so the line's order is the order they came in.
    twitch.say('queue_channel', { login: 'zoe_plays', displayName: 'Zoë', text: '!join' })
    await until(status, (s) => s.counts.queue === 1)
    const bobJoined = twitch.say('queue_channel', { login: 'bob_builds', displayName: '', text: '!JOIN me please' })
    await until(status, (s) => s.counts.queue === 2)
    twitch.say('queue_channel', { login: 'dan_the_man', displayName: 'Dan_The_Man', text: '!join' })
    await until(status, (s) => s.counts.queue === 3)
    const queue = async () => (await call(url, 'GET', '/api/queue')).body.entries
      .map(({ user, name, seat_name, position }: Record<string, unknown>) => ({ user, name, seat_name, position }))
    expect(await queue()).toEqual([
      { user: 'zoe_plays', name: 'Zoë', seat_name: 'ZOE', position: 1 },
      { user: 'bob_builds', name: 'bob_builds', seat_name: 'BOBBUILDS', position: 2 },
      { user: 'dan_the_man', name: 'Dan_The_Man', seat_name: 'DANTHEMAN', position: 3 },
    ])

    twitch.say('queue_channel', { login: 'zoe_plays', displayName: 'Zoë', text: '!join' }) // already waiting: nothing changes
    twitch.say('queue_channel', { login: 'eve', text: '!leave' }) // not in the queue: nothing changes
    twitch.say('queue_channel', { login: 'bob_builds', displayName: '', text: '!leave' })
    expect((await until(status, (s) => s.counts.queue === 4 && s.counts.ignored === 2)).counts).toEqual({ up: 0, down: 0, poll: 0, queue: 4, ignored: 2 })

    // Bob's !join again after a reconnect (the same message id): were it applied again, he would be back in line.
    const accepted = twitch.accepted
    twitch.drop()
    await until(() => twitch.accepted, (n) => n > accepted)
    await until(status, (s) => s.state === 'connected' && twitch.readers('queue_channel') === 1)
    twitch.say('queue_channel', { login: 'bob_builds', displayName: '', text: '!JOIN me please', id: bobJoined })
    twitch.say('queue_channel', { login: 'fay', displayName: 'Fay', text: '!join' })
    expect((await until(status, (s) => s.counts.queue === 5)).counts).toEqual({ up: 0, down: 0, poll: 0, queue: 5, ignored: 2 })
    expect((await queue()).map((entry: { user: string }) => entry.user)).toEqual(['zoe_plays', 'dan_the_man', 'fay'])
  })
})

test('two servers on one store: exactly one reads; a stop on the other ends it; a server going away hands it over', async () => {
  const stores = await openSharedStores(2)
  const a = await serverOn(stores[0], 'server-a')
  const b = await serverOn(stores[1], 'server-b')
  const readA = async () => (await call(a.url, 'GET', '/api/chat/twitch')).body
  await call(b.url, 'POST', '/api/chat/twitch', { token: b.token, body: { channel: 'shared_channel' } })
  await until(readA, (s) => s.state === 'connected')
  await new Promise((resolve) => setTimeout(resolve, 500)) // several lease rounds of both servers
  expect(twitch.readers('shared_channel')).toBe(1)

  expect((await call(a.url, 'DELETE', '/api/chat/twitch', { token: a.token })).status).toBe(200)
  await until(() => twitch.readers('shared_channel'), (n) => n === 0)

  await call(a.url, 'POST', '/api/chat/twitch', { token: a.token, body: { channel: 'shared_channel' } })
  await until(() => twitch.readers('shared_channel'), (n) => n === 1)
  const sentAt = Date.now() - 60_000
  const id = twitch.say('shared_channel', { login: 'dan', text: 'hi', sentAt })
  await until(readA, (s) => s.counts.ignored === 1)
  // Whichever server reads goes away; the other takes the channel at once (the lease is given up).
  const holder = (await call(a.url, 'GET', '/api/chat/twitch')).body
  expect(holder.state).toBe('connected')
  await a.close()
  await until(() => twitch.readers('shared_channel'), (n) => n === 1, 15_000)
  await until(async () => (await call(b.url, 'GET', '/api/chat/twitch')).body.state, (state) => state === 'connected')
  expect(twitch.readers('shared_channel')).toBe(1)
  void id
})
