// YouTube Live chat over the API against a local fake YouTube Data API, on each store: started
// and stopped over the API with its exact errors, the API key never shown (answers, the server's
// log, the audit log, the event stream), the backlog skipped, votes by youtube:CHANNEL_ID at the
// message's own time, poll numbers, !join / !leave in the viewer queue named by displayName, the
// quota counted and waited out, the end of a stream, and reading that goes on from the saved page
// across a restart and between two servers. The reader's waits run on a fake clock the test
// moves (the fake YouTube keeps real time).
import type { Store } from '@game-picker/core'
import { type RunningServer, type ServerOptions, startServer } from '@game-picker/http'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { connectEvents } from '../helpers/event-client.ts'
import { createFakeClock, type FakeClock } from '../helpers/fake-clock.ts'
import { type FakeYouTube, startFakeYouTube } from '../helpers/fake-youtube.ts'
import { ADMIN_KEY, call, type CallResult, createTestCore, login, openSharedStores, openTestStore } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

const VIDEO = 'jNQXAC9IVRw'
let youtube: FakeYouTube
beforeAll(async () => void (youtube = await startFakeYouTube()))
afterAll(() => youtube.close())
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

interface Running {
  url: string
  token: string
  server: RunningServer
  logs: string[]
  close(): Promise<void>
}

/** A server on `store` whose YouTube reader waits on `clock`; `apiKey` is its YOUTUBE_API_KEY. */
async function serverOn(store: Store, instanceId: string, clock: FakeClock, options: { apiKey?: string } & Partial<ServerOptions> = {}): Promise<Running> {
  const logs: string[] = []
  const { apiKey, ...rest } = options
  const server = await startServer({
    core: createTestCore(store, { youtube: { apiUrl: youtube.url, apiKey, clock } }, { instanceId }),
    adminKey: ADMIN_KEY, port: 0, chatSyncMs: 100, log: (line: string) => void logs.push(line), ...rest,
  })
  let closed = false
  const close = async () => { if (!closed) { closed = true; await server.close() } }
  cleanups.push(close)
  return { url: server.url, token: await login(server.url), server, logs, close }
}

/** A server with a session playing a game; a fake clock started now for the reader's waits. */
async function readyServer(options: { apiKey?: string } = {}) {
  const store = await openTestStore()
  cleanups.push(() => store.close())
  const clock = createFakeClock(Date.now())
  const running = await serverOn(store, 'only', clock, options)
  const api = async (method: string, path: string, body?: unknown) => call(running.url, method, path, { token: running.token, body })
  const game = (await api('POST', '/api/games', { pack_name: 'Party Pack', title: 'Quiplash', min_players: 3, max_players: 8 })).body
  const session = (await api('POST', '/api/sessions')).body
  await api('POST', `/api/sessions/${session.id}/games`, { game_id: game.id })
  const status = async () => (await call(running.url, 'GET', '/api/chat/youtube')).body
  /** Puts `video` live, starts reading it with `key`, and waits until it reads; resolves with its live chat id. */
  const readLive = async (video: string, key = youtube.key) => {
    const liveChatId = youtube.goLive(video)
    expect((await api('POST', '/api/chat/youtube', { video, api_key: key })).status).toBe(201)
    await until(status, (s) => s.state === 'connected')
    return liveChatId
  }
  return { ...running, store, api, game, session, clock, status, readLive }
}

/** The calls the fake has seen for a chat. */
const callsFor = (liveChatId: string) => youtube.calls.filter((one) => one.liveChatId === liveChatId)

/** Lets the reader's next call happen (its wait is due on the fake clock), and waits until its answer was handled (its quota saved). */
async function nextCall(clock: FakeClock, status: () => Promise<any>, liveChatId: string): Promise<void> {
  const before = callsFor(liveChatId).length
  await until(() => clock.dueTimes().length, (n) => n > 0)
  await clock.fireAt(clock.dueTimes()[0])
  await until(() => callsFor(liveChatId).length, (n) => n > before)
  await until(status, (s) => s.quota_used === 1 + 5 * callsFor(liveChatId).length)
}

describe('the API', () => {
  test('start (admin), status (public), one stream at a time, stop; exact errors, nothing stored on an error', async () => {
    const { url, token, api } = await readyServer()
    const liveChatId = youtube.goLive(VIDEO)
    youtube.addVideo('uploadOnly1')
    expect(await call(url, 'POST', '/api/chat/youtube', { body: { video: VIDEO, api_key: youtube.key } })).toMatchObject({ status: 401 })
    for (const video of ['', 'short', `${VIDEO}x`, 'https://vimeo.com/123', 'https://www.youtube.com/channel/UC1234567890', 42, null, undefined]) {
      expect(await api('POST', '/api/chat/youtube', { video, api_key: youtube.key }), String(video))
        .toMatchObject({ status: 400, body: { error: 'video must be a YouTube video id or URL' } })
    }
    for (const api_key of [undefined, '', '   ', 42]) {
      expect(await api('POST', '/api/chat/youtube', { video: VIDEO, api_key }), String(api_key))
        .toMatchObject({ status: 400, body: { error: 'A YouTube API key is required' } })
    }
    for (const interval_seconds of [4, 61, 5.5, '10', true]) {
      expect(await api('POST', '/api/chat/youtube', { video: VIDEO, api_key: youtube.key, interval_seconds }), String(interval_seconds))
        .toMatchObject({ status: 400, body: { error: 'interval_seconds must be a whole number from 5 to 60' } })
    }
    expect(await api('POST', '/api/chat/youtube', { video: 'unknownVide', api_key: youtube.key })).toMatchObject({ status: 404, body: { error: 'No live chat on this video' } })
    expect(await api('POST', '/api/chat/youtube', { video: 'uploadOnly1', api_key: youtube.key })).toMatchObject({ status: 404, body: { error: 'No live chat on this video' } })
    expect(await api('POST', '/api/chat/youtube', { video: VIDEO, api_key: 'AIzaNotAKeyGoogleKnows' })).toMatchObject({ status: 400, body: { error: 'YouTube refused the API key' } })
    const spent = 'AIzaKeyWithNoQuotaLeftToday-000000001'
    youtube.addKey(spent)
    youtube.exhaustQuota(spent)
    expect(await api('POST', '/api/chat/youtube', { video: VIDEO, api_key: spent })).toMatchObject({ status: 400, body: { error: 'The YouTube API key has used up its quota for today' } })
    youtube.failNext(1)
    expect(await api('POST', '/api/chat/youtube', { video: VIDEO, api_key: youtube.key })).toMatchObject({ status: 503, body: { error: 'YouTube could not be reached' } })
    expect(await call(url, 'GET', '/api/chat/youtube')).toMatchObject({ status: 404, body: { error: 'Not reading a YouTube chat' } })
    expect(await call(url, 'DELETE', '/api/chat/youtube', { token })).toMatchObject({ status: 404, body: { error: 'Not reading a YouTube chat' } })
    expect((await call(url, 'GET', '/api/chat')).body).toEqual([])

    const started = await api('POST', '/api/chat/youtube', { video: `https://www.youtube.com/watch?v=${VIDEO}&t=3s`, api_key: youtube.key })
    expect(started.status).toBe(201)
    expect(started.body).toMatchObject({ video: VIDEO, interval_seconds: 5, quota_used: 1, error: null, counts: { up: 0, down: 0, poll: 0, queue: 0, ignored: 0 } })
    expect(['connecting', 'connected']).toContain(started.body.state)
    const status = await until(async () => (await call(url, 'GET', '/api/chat/youtube')).body, (s) => s.state === 'connected')
    expect(status.quota_used).toBe(6) // videos.list 1, the first liveChatMessages.list 5
    expect(Date.parse(status.quota_resets_at)).toBeGreaterThan(Date.now())
    expect(callsFor(liveChatId)).toHaveLength(1)
    expect(await api('POST', '/api/chat/youtube', { video: `https://youtu.be/${'dQw4w9WgXcQ'}`, api_key: youtube.key }))
      .toMatchObject({ status: 404 }) // not live: YouTube is asked first
    youtube.goLive('dQw4w9WgXcQ')
    expect(await api('POST', '/api/chat/youtube', { video: 'dQw4w9WgXcQ', api_key: youtube.key })).toMatchObject({ status: 400, body: { error: 'Already reading a YouTube chat' } })
    expect((await api('POST', '/api/chat/youtube', { video: `https://www.youtube.com/live/${VIDEO}`, api_key: youtube.key })).status).toBe(201) // the same one: nothing changes
    expect((await call(url, 'GET', '/api/chat')).body).toEqual([
      { platform: 'youtube', channel: VIDEO, state: 'connected', since: started.body.since, counts: { up: 0, down: 0, poll: 0, queue: 0, ignored: 0 } },
    ])

    const stopped = await api('DELETE', '/api/chat/youtube')
    expect(stopped).toMatchObject({ status: 200, body: { video: VIDEO, state: 'connected' } })
    expect(await call(url, 'GET', '/api/chat/youtube')).toMatchObject({ status: 404 })
    expect((await call(url, 'GET', '/api/chat')).body).toEqual([])
  })

  test('the key from YOUTUBE_API_KEY when the body has none; the key is never in an answer, the log, the audit log or the event stream', async () => {
    const secretKey = 'AIzaSecretServerKey-never-shown-123456'
    youtube.addKey(secretKey)
    const { url, token, api, logs, status } = await readyServer({ apiKey: secretKey })
    const stream = connectEvents(url, '', { authorization: `Bearer ${token}` })
    await stream.opened
    const liveChatId = youtube.goLive('envKeyVideo')
    const bodyKey = 'AIzaBodyKeyThatIsRefused-also-secret'
    const answers = [await api('POST', '/api/chat/youtube', { video: 'envKeyVideo', api_key: bodyKey })]
    expect(answers[0]).toMatchObject({ status: 400, body: { error: 'YouTube refused the API key' } })
    answers.push(await api('POST', '/api/chat/youtube', { video: 'envKeyVideo' }))
    expect(answers[1].status).toBe(201)
    await until(status, (s) => s.state === 'connected')
    expect(youtube.calls.filter((one) => one.videoId === 'envKeyVideo' || one.liveChatId === liveChatId).map((one) => one.key))
      .toEqual([bodyKey, secretKey, secretKey]) // the refused body key; then the server's, for videos.list and the reader
    answers.push(await call(url, 'GET', '/api/chat/youtube'), await call(url, 'GET', '/api/chat'), await api('GET', '/api/audit'))
    answers.push(await api('DELETE', '/api/chat/youtube'))
    // The audit log writes in batches: wait for the last one.
    const chatEntries = (answer: CallResult) => answer.body.filter((entry: { path: string }) => entry.path === '/api/chat/youtube')
    answers.push(await until(() => api('GET', '/api/audit'), (answer) => chatEntries(answer).some((entry: { method: string }) => entry.method === 'DELETE')))
    const audited = chatEntries(answers.at(-1)!)
    expect(audited.map((entry: { method: string; status: number }) => `${entry.method} ${entry.status}`)).toEqual(expect.arrayContaining(['POST 400', 'POST 201', 'DELETE 200']))
    const everything = [...answers.map((answer) => answer.text), ...logs, ...stream.events.map((event) => event.data)].join('\n')
    for (const key of [secretKey, bodyKey]) expect(everything).not.toContain(key)
    expect(stream.events.map((event) => event.event)).toContain('chat.connected')
  })
})

describe('reading chat', () => {
  test('the backlog is skipped; then text messages vote by youtube:CHANNEL_ID at publishedAt, each once; poll numbers; other events ignored', async () => {
    const { api, game, session, store, clock, status } = await readyServer()
    const liveChatId = youtube.goLive('readVideo01')
    youtube.post('readVideo01', { channelId: 'UCbacklog0000000000000', text: 'thisgame++' }) // before connecting: not counted
    await api('POST', '/api/chat/youtube', { video: 'readVideo01', api_key: youtube.key })
    await until(status, (s) => s.state === 'connected')

    const t = Date.now()
    const at = (ms: number) => new Date(t + ms).toISOString()
    const first = youtube.post('readVideo01', { channelId: 'UCviewerOne00000000000', text: 'what a game thisgame++', publishedAt: at(0) })
    youtube.post('readVideo01', { channelId: 'UCviewerOne00000000000', text: 'THISGAME--', publishedAt: at(500) }) // within 1 s: ignored
    youtube.post('readVideo01', { channelId: 'UCviewerTwo00000000000', text: 'thisgame--', publishedAt: at(600) })
    youtube.post('readVideo01', { channelId: 'UCviewerTwo00000000000', text: 'hello chat', publishedAt: at(700) })
    youtube.post('readVideo01', { channelId: 'UCrich0000000000000000', text: 'thisgame++', type: 'superChatEvent', publishedAt: at(800) }) // not a text message
    youtube.post('readVideo01', { channelId: 'UCviewerThree000000000', text: '!2', publishedAt: at(900) }) // no poll open: ignored
    await nextCall(clock, status, liveChatId)
    const counts = (await until(status, (s) => s.counts.up + s.counts.down + s.counts.ignored === 5)).counts
    expect(counts).toEqual({ up: 1, down: 1, poll: 0, queue: 0, ignored: 3 })
    const votes = await store.read((tx) => tx.listVotes(session.id))
    expect(votes.map(({ username, type, timestamp }) => ({ username, type, timestamp }))).toEqual([
      { username: 'youtube:UCviewerOne00000000000', type: 'up', timestamp: at(0) },
      { username: 'youtube:UCviewerTwo00000000000', type: 'down', timestamp: at(600) },
    ])

    // A poll: numbers vote by the YouTube viewer; the same message id again counts once.
    const others = await Promise.all(['Drawful', 'Fibbage'].map(async (title) =>
      (await api('POST', '/api/games', { pack_name: 'Party Pack', title, min_players: 3, max_players: 8 })).body))
    const poll = (await api('POST', '/api/polls', { gameIds: [game.id, ...others.map((one) => one.id)] })).body
    youtube.post('readVideo01', { channelId: 'UCviewerOne00000000000', text: '2' })
    youtube.post('readVideo01', { channelId: 'UCviewerTwo00000000000', text: '#3' })
    youtube.post('readVideo01', { channelId: 'UCviewerOne00000000000', text: 'thisgame++', id: first }) // YouTube repeating a message
    await nextCall(clock, status, liveChatId)
    expect((await until(status, (s) => s.counts.poll === 2)).counts).toEqual({ up: 1, down: 1, poll: 2, queue: 0, ignored: 3 })
    expect((await api('GET', `/api/polls/${poll.id}`)).body.candidates.map((one: { votes: number }) => one.votes)).toEqual([0, 1, 1])
    // 1 (videos.list) + 3 calls of 5, as the fake counted them.
    expect((await status()).quota_used).toBe(16)
    expect(callsFor(liveChatId).map((one) => one.pageToken === null)).toEqual([true, false, false])
  })

  test('quotaExceeded: state quota_exceeded until midnight Pacific time, then reading goes on', async () => {
    const { clock, status, readLive } = await readyServer()
    const key = 'AIzaQuotaKey-for-this-test-only-000001'
    youtube.addKey(key)
    const liveChatId = await readLive('quotaVideo1', key)
    youtube.exhaustQuota(key)
    await clock.fireAt(clock.dueTimes()[0])
    const exceeded = await until(status, (s) => s.state === 'quota_exceeded')
    expect(clock.dueTimes()).toEqual([Date.parse(exceeded.quota_resets_at)])
    expect(new Date(exceeded.quota_resets_at).toLocaleString('en-US', { timeZone: 'America/Los_Angeles', hour12: false })).toMatch(/, 24:00:00$|, 00:00:00$/)
    youtube.resetQuota()
    youtube.post('quotaVideo1', { channelId: 'UCafterMidnight0000000', text: 'hello' })
    const calls = callsFor(liveChatId).length
    await clock.fireAt(clock.dueTimes()[0])
    const after = await until(status, (s) => s.state === 'connected' && s.counts.ignored === 1)
    expect(callsFor(liveChatId)).toHaveLength(calls + 1)
    expect(after.quota_used).toBe(5) // a new Pacific day
  })

  test('offlineAt: the last messages count, then the state is ended (announced), and YouTube is not asked again', async () => {
    const { url, clock, status, readLive } = await readyServer()
    const stream = connectEvents(url, '?events=chat.connected,chat.disconnected')
    await stream.opened
    const liveChatId = await readLive('endingVideo')
    youtube.post('endingVideo', { channelId: 'UClastWords00000000000', text: 'thisgame++' })
    youtube.end('endingVideo', 'offline')
    await clock.fireAt(clock.dueTimes()[0])
    await until(status, (s) => s.state === 'ended' && s.counts.up === 1)
    const events = await stream.until(2)
    expect(events.map((event) => [event.event, JSON.parse(event.data).data])).toEqual([
      ['chat.connected', { platform: 'youtube', channel: 'endingVideo' }], ['chat.disconnected', { platform: 'youtube', channel: 'endingVideo' }],
    ])
    await new Promise((resolve) => setTimeout(resolve, 400)) // several lease rounds: it is not opened again
    expect(clock.dueTimes()).toEqual([])
    expect(callsFor(liveChatId)).toHaveLength(2)
  })

  test('liveChatEnded: ended; a key refused while reading: failed with its error, not tried again', async () => {
    const { api, clock, status, readLive } = await readyServer()
    await readLive('endedVideo1')
    youtube.end('endedVideo1', 'ended')
    await clock.fireAt(clock.dueTimes()[0])
    expect(await until(status, (s) => s.state !== 'connected')).toMatchObject({ state: 'ended', error: null })
    expect((await api('DELETE', '/api/chat/youtube')).status).toBe(200)

    const key = 'AIzaKeyDeletedWhileReading-0000000001'
    youtube.addKey(key)
    const liveChatId = await readLive('revokedKey1', key)
    youtube.revokeKey(key)
    await clock.fireAt(clock.dueTimes()[0])
    expect(await until(status, (s) => s.state !== 'connected')).toMatchObject({ state: 'failed', error: 'YouTube refused the API key' })
    await new Promise((resolve) => setTimeout(resolve, 400)) // several lease rounds: not opened again
    expect(clock.dueTimes()).toEqual([])
    expect(callsFor(liveChatId)).toHaveLength(2)
  })
})

describe('the viewer queue', () => {
  test('!join and !leave by youtube:CHANNEL_ID, named by displayName; a message YouTube repeats after a failed call counts once', async () => {
    const { url, api, clock, status, readLive } = await readyServer()
    await api('POST', '/api/queue/open', {})
    const liveChatId = await readLive('queueVideo1')
    const [zoe, bob, cat, dan] = ['UCzoe0000000000000000000', 'UCbob0000000000000000000', 'UCcat0000000000000000000', 'UCdan0000000000000000000']
    const zoeJoined = youtube.post('queueVideo1', { channelId: zoe, displayName: 'Zoë Ölund', text: '!join' })
    await nextCall(clock, status, liveChatId)
    await until(status, (s) => s.counts.queue === 1)
    youtube.post('queueVideo1', { channelId: bob, displayName: 'Bob', text: '!Join please' })
    youtube.post('queueVideo1', { channelId: zoe, displayName: 'Zoë Ölund', text: '!join' }) // already waiting: nothing changes
    youtube.post('queueVideo1', { channelId: cat, displayName: 'Cat', text: '!leave' }) // not in the queue: nothing changes
    await nextCall(clock, status, liveChatId)
    expect((await until(status, (s) => s.counts.queue === 2 && s.counts.ignored === 2)).counts).toEqual({ up: 0, down: 0, poll: 0, queue: 2, ignored: 2 })
    const queue = async () => (await call(url, 'GET', '/api/queue')).body.entries
      .map(({ user, name, seat_name, position }: Record<string, unknown>) => ({ user, name, seat_name, position }))
    expect(await queue()).toEqual([
      { user: `youtube:${zoe}`, name: 'Zoë Ölund', seat_name: 'ZOEOLUND', position: 1 },
      { user: `youtube:${bob}`, name: 'Bob', seat_name: 'BOB', position: 2 },
    ])

    youtube.post('queueVideo1', { channelId: zoe, displayName: 'Zoë Ölund', text: '!leave' })
    await nextCall(clock, status, liveChatId)
    await until(status, (s) => s.counts.queue === 3)
    // YouTube fails a call, the reader tries again, and Zoë's !join comes once more (its id): were
    // it applied again, she would be back in line.
    youtube.failNext(1)
    await clock.fireAt(clock.dueTimes()[0])
    await until(status, (s) => s.state === 'reconnecting')
    youtube.post('queueVideo1', { channelId: zoe, displayName: 'Zoë Ölund', text: '!join', id: zoeJoined })
    youtube.post('queueVideo1', { channelId: dan, displayName: 'Dan', text: '!join' })
    await until(() => clock.dueTimes().length, (n) => n > 0)
    await clock.fireAt(clock.dueTimes()[0])
    expect((await until(status, (s) => s.state === 'connected' && s.counts.queue === 4)).counts).toEqual({ up: 0, down: 0, poll: 0, queue: 4, ignored: 2 })
    expect((await queue()).map((entry: { user: string }) => entry.user)).toEqual([`youtube:${bob}`, `youtube:${dan}`])
  })
})

test('a restart goes on from the saved page: what was typed meanwhile counts, once', async () => {
  const { store, close, readLive } = await readyServer()
  const liveChatId = await readLive('restartVid1')
  await close()
  youtube.post('restartVid1', { channelId: 'UCwhileDown00000000000', text: 'thisgame++' })
  const again = await serverOn(store, 'again', createFakeClock(Date.now()))
  const read = async () => (await call(again.url, 'GET', '/api/chat/youtube')).body
  expect((await until(read, (s) => s.counts.up === 1)).counts).toEqual({ up: 1, down: 0, poll: 0, queue: 0, ignored: 0 })
  const calls = callsFor(liveChatId)
  expect(calls.map((one) => one.pageToken === null)).toEqual([true, false]) // the second server did not start over
})

test('two servers on one store: exactly one reads the chat; the other takes it when that one goes away', async () => {
  const stores = await openSharedStores(2)
  const clock = createFakeClock(Date.now())
  const a = await serverOn(stores[0], 'server-a', clock)
  const b = await serverOn(stores[1], 'server-b', clock)
  const liveChatId = youtube.goLive('sharedVideo')
  await call(b.url, 'POST', '/api/chat/youtube', { token: b.token, body: { video: 'sharedVideo', api_key: youtube.key } })
  const readA = async () => (await call(a.url, 'GET', '/api/chat/youtube')).body
  await until(readA, (s) => s.state === 'connected')
  await new Promise((resolve) => setTimeout(resolve, 500)) // several lease rounds of both servers
  expect(callsFor(liveChatId)).toHaveLength(1)
  expect(clock.dueTimes()).toHaveLength(1) // one reader waiting for its next call
  youtube.post('sharedVideo', { channelId: 'UCshared00000000000000', text: 'thisgame++' })
  await clock.fireAt(clock.dueTimes()[0])
  await until(readA, (s) => s.counts.ignored === 1) // no game playing on this store
  expect(callsFor(liveChatId)).toHaveLength(2)

  // The servers go away one after the other; each next one takes the chat at once (the lease is
  // given up) and goes on from the saved page: never the backlog again, nothing counted twice.
  await a.close()
  await new Promise((resolve) => setTimeout(resolve, 500))
  await b.close()
  const c = await serverOn(stores[1], 'server-c', clock)
  const read = async () => (await call(c.url, 'GET', '/api/chat/youtube')).body
  await until(read, (s) => s.state === 'connected')
  await until(() => callsFor(liveChatId).length, (n) => n >= 3)
  expect(callsFor(liveChatId).slice(1).every((one) => one.pageToken !== null)).toBe(true)
  expect((await read()).counts).toEqual({ up: 0, down: 0, poll: 0, queue: 0, ignored: 1 })
})
