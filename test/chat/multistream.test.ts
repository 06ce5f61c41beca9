// A multistream: one server reads a Twitch channel and a YouTube live chat at once (each from its
// local fake), with one game playing and one poll open. Both chats' votes land on the same game
// and in the same poll, by usernames that cannot collide (Twitch logins bare, YouTube viewers as
// youtube:CHANNEL_ID); GET /api/chat lists both; each platform's own endpoints answer as alone.
// (The Discord platform is not on main yet: when it is, its fake joins this test.)
import { createCore } from '@game-picker/core'
import { startServer } from '@game-picker/http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createFakeClock } from '../helpers/fake-clock.ts'
import { type FakeTwitch, startFakeTwitch } from '../helpers/fake-twitch.ts'
import { type FakeYouTube, startFakeYouTube } from '../helpers/fake-youtube.ts'
import { ADMIN_KEY, call, login, openTestStore } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

let twitch: FakeTwitch
let youtube: FakeYouTube
beforeAll(async () => {
  twitch = await startFakeTwitch()
  youtube = await startFakeYouTube()
})
afterAll(async () => {
  await twitch.close()
  await youtube.close()
})

test('Twitch and YouTube chats vote for the same game and in the same poll; GET /api/chat lists both', { timeout: 60_000 }, async () => {
  const store = await openTestStore()
  const clock = createFakeClock(Date.now())
  const core = createCore({ store, instanceId: 'multi', chat: { twitch: { url: twitch.url }, youtube: { apiUrl: youtube.url, apiKey: youtube.key, clock } } })
  const server = await startServer({ core, adminKey: ADMIN_KEY, port: 0, chatSyncMs: 100, log: () => {} })
  try {
    const token = await login(server.url)
    const api = async (method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body })
    const games = await Promise.all(['Quiplash', 'Drawful', 'Fibbage'].map(async (title) =>
      (await api('POST', '/api/games', { pack_name: 'Party Pack', title, min_players: 3, max_players: 8 })).body))
    const session = (await api('POST', '/api/sessions')).body
    await api('POST', `/api/sessions/${session.id}/games`, { game_id: games[0].id })

    const liveChatId = youtube.goLive('multiStream')
    expect((await api('POST', '/api/chat/twitch', { channel: 'multi_stream' })).status).toBe(201)
    expect((await api('POST', '/api/chat/youtube', { video: 'https://youtu.be/multiStream' })).status).toBe(201)
    const listed = await until(async () => (await call(server.url, 'GET', '/api/chat')).body,
      (chats: { platform: string; channel: string; state: string }[]) => chats.length === 2 && chats.every((chat) => chat.state === 'connected'))
    expect(listed.map(({ platform, channel }) => ({ platform, channel }))).toEqual([
      { platform: 'twitch', channel: 'multi_stream' }, { platform: 'youtube', channel: 'multiStream' },
    ])

    // Live votes on the game playing, from both chats; "ann" on Twitch and a YouTube viewer named Ann are two voters.
    const t = Date.now()
    twitch.say('multi_stream', { login: 'ann', text: 'thisgame++', sentAt: t })
    twitch.say('multi_stream', { login: 'bob', text: 'thisgame--', sentAt: t + 10 })
    youtube.post('multiStream', { channelId: 'UCann000000000000000000', displayName: 'ann', text: 'thisgame++', publishedAt: new Date(t + 20).toISOString() })
    youtube.post('multiStream', { channelId: 'UCcat000000000000000000', text: 'thisgame++', publishedAt: new Date(t + 30).toISOString() })
    await clock.fireAt(clock.dueTimes()[0])
    const youtubeStatus = async () => (await call(server.url, 'GET', '/api/chat/youtube')).body
    const twitchStatus = async () => (await call(server.url, 'GET', '/api/chat/twitch')).body
    await until(youtubeStatus, (s) => s.counts.up === 2)
    await until(twitchStatus, (s) => s.counts.up + s.counts.down === 2)
    const votes = await store.read((tx) => tx.listVotes(session.id))
    expect(votes.map(({ username, type }) => `${username} ${type}`).sort()).toEqual([
      'ann up', 'bob down', 'youtube:UCann000000000000000000 up', 'youtube:UCcat000000000000000000 up',
    ])
    expect((await api('GET', `/api/games/${games[0].id}`)).body).toMatchObject({ upvotes: 3, downvotes: 1 })

    // One poll: numbers from both chats count together; a viewer moving a vote moves only their own.
    const poll = (await api('POST', '/api/polls', { gameIds: games.map((game) => game.id) })).body
    twitch.say('multi_stream', { login: 'ann', text: '2' })
    twitch.say('multi_stream', { login: 'bob', text: '!3' })
    twitch.say('multi_stream', { login: 'dan', text: '#2' })
    youtube.post('multiStream', { channelId: 'UCann000000000000000000', text: '2' })
    youtube.post('multiStream', { channelId: 'UCcat000000000000000000', text: '1' })
    youtube.post('multiStream', { channelId: 'UCcat000000000000000000', text: '3' }) // moves Cat's vote from 1 to 3
    await until(twitchStatus, (s) => s.counts.poll === 3)
    await clock.fireAt(clock.dueTimes()[0])
    await until(youtubeStatus, (s) => s.counts.poll === 3)
    const tally = (await api('GET', `/api/polls/${poll.id}`)).body
    expect(tally.candidates.map((candidate: { votes: number }) => candidate.votes)).toEqual([0, 3, 2])
    expect(tally.total_votes).toBe(5)
    const closed = (await api('POST', `/api/polls/${poll.id}/close`)).body
    expect(closed.candidates.map((candidate: { votes: number }) => candidate.votes)).toEqual([0, 3, 2])

    // Each platform's own endpoints answer as they would alone; stopping one leaves the other reading.
    expect(await twitchStatus()).toMatchObject({ channel: 'multi_stream', state: 'connected', counts: { up: 1, down: 1, poll: 3, ignored: 0 } })
    expect(await youtubeStatus()).toMatchObject({ video: 'multiStream', state: 'connected', counts: { up: 2, down: 0, poll: 3, ignored: 0 } })
    expect((await api('DELETE', '/api/chat/twitch')).status).toBe(200)
    expect((await call(server.url, 'GET', '/api/chat')).body.map((chat: { platform: string }) => chat.platform)).toEqual(['youtube'])
    expect(callsFor(liveChatId).length).toBe(3)
  } finally {
    await server.close()
    await core.close() // and its store
  }
})

const callsFor = (liveChatId: string) => youtube.calls.filter((one) => one.liveChatId === liveChatId)
