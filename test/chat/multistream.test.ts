// A multistream: one server reads a Twitch channel, a YouTube live chat and a Discord channel at
// once (each from its local fake, Discord through the real discord.js), with one game playing and
// one poll open. The three chats' votes land on the same game and in the same poll, by usernames
// that cannot collide (Twitch logins bare, YouTube viewers as youtube:CHANNEL_ID, Discord members
// as discord:USERNAME); GET /api/chat lists all three; each platform's own endpoints answer as alone.
import { startServer } from '@game-picker/http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createFakeClock } from '../helpers/fake-clock.ts'
import { type FakeDiscord, startFakeDiscord } from '../helpers/fake-discord.ts'
import { type FakeTwitch, startFakeTwitch } from '../helpers/fake-twitch.ts'
import { type FakeYouTube, startFakeYouTube } from '../helpers/fake-youtube.ts'
import { ADMIN_KEY, call, createTestCore, login, openTestStore } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

let twitch: FakeTwitch
let youtube: FakeYouTube
let discord: FakeDiscord
beforeAll(async () => {
  twitch = await startFakeTwitch()
  youtube = await startFakeYouTube()
  discord = await startFakeDiscord()
})
afterAll(async () => {
  await twitch.close()
  await youtube.close()
  await discord.close()
})

test('Twitch, YouTube and Discord chats vote for the same game and in the same poll; GET /api/chat lists all three', { timeout: 60_000 }, async () => {
  const store = await openTestStore()
  const clock = createFakeClock(Date.now())
  const core = createTestCore(store, {
    twitch: { url: twitch.url }, youtube: { apiUrl: youtube.url, apiKey: youtube.key, clock }, discord: { apiUrl: discord.apiUrl },
  }, { instanceId: 'multi' })
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
    expect((await api('POST', '/api/chat/discord', { channel_id: discord.channelId, bot_token: discord.token })).status).toBe(201)
    const listed = await until(async () => (await call(server.url, 'GET', '/api/chat')).body,
      (chats: { platform: string; channel: string; state: string }[]) => chats.length === 3 && chats.every((chat) => chat.state === 'connected'))
    expect(listed.map(({ platform, channel }) => ({ platform, channel }))).toEqual([
      { platform: 'discord', channel: discord.channelId }, { platform: 'twitch', channel: 'multi_stream' }, { platform: 'youtube', channel: 'multiStream' },
    ])
    // Discord's numbers are plain channel messages, read with the Message Content intent (as Twitch chat's are).
    const discordStatus = async () => (await call(server.url, 'GET', '/api/chat/discord')).body
    expect(await discordStatus()).toMatchObject({ state: 'connected', message_content: true })
    const ann = discord.user('ann')
    const eve = discord.user('eve')

    // Live votes on the game playing, from the three chats; "ann" on Twitch, a YouTube viewer named
    // Ann and a Discord member ann are three voters.
    const t = Date.now()
    twitch.say('multi_stream', { login: 'ann', text: 'thisgame++', sentAt: t })
    twitch.say('multi_stream', { login: 'bob', text: 'thisgame--', sentAt: t + 10 })
    youtube.post('multiStream', { channelId: 'UCann000000000000000000', displayName: 'ann', text: 'thisgame++', publishedAt: new Date(t + 20).toISOString() })
    youtube.post('multiStream', { channelId: 'UCcat000000000000000000', text: 'thisgame++', publishedAt: new Date(t + 30).toISOString() })
    discord.say(ann, 'thisgame--')
    discord.say(eve, 'thisgame++')
    await clock.fireAt(clock.dueTimes()[0])
    const youtubeStatus = async () => (await call(server.url, 'GET', '/api/chat/youtube')).body
    const twitchStatus = async () => (await call(server.url, 'GET', '/api/chat/twitch')).body
    await until(youtubeStatus, (s) => s.counts.up === 2)
    await until(twitchStatus, (s) => s.counts.up + s.counts.down === 2)
    await until(discordStatus, (s) => s.counts.up + s.counts.down === 2)
    const votes = await store.read((tx) => tx.listVotes(session.id))
    expect(votes.map(({ username, type }) => `${username} ${type}`).sort()).toEqual([
      'ann up', 'bob down', 'discord:ann down', 'discord:eve up', 'youtube:UCann000000000000000000 up', 'youtube:UCcat000000000000000000 up',
    ])
    expect((await api('GET', `/api/games/${games[0].id}`)).body).toMatchObject({ upvotes: 4, downvotes: 2 })

    // One poll: numbers from the three chats count together; a viewer moving a vote moves only their own.
    const poll = (await api('POST', '/api/polls', { gameIds: games.map((game) => game.id) })).body
    twitch.say('multi_stream', { login: 'ann', text: '2' })
    twitch.say('multi_stream', { login: 'bob', text: '!3' })
    twitch.say('multi_stream', { login: 'dan', text: '#2' })
    youtube.post('multiStream', { channelId: 'UCann000000000000000000', text: '2' })
    youtube.post('multiStream', { channelId: 'UCcat000000000000000000', text: '1' })
    youtube.post('multiStream', { channelId: 'UCcat000000000000000000', text: '3' }) // moves Cat's vote from 1 to 3
    discord.say(ann, '1')
    discord.say(eve, '!1')
    discord.say(eve, '2') // moves Eve's vote from 1 to 2
    await until(twitchStatus, (s) => s.counts.poll === 3)
    await until(discordStatus, (s) => s.counts.poll === 3)
    await clock.fireAt(clock.dueTimes()[0])
    await until(youtubeStatus, (s) => s.counts.poll === 3)
    const tally = (await api('GET', `/api/polls/${poll.id}`)).body
    expect(tally.candidates.map((candidate: { votes: number }) => candidate.votes)).toEqual([1, 4, 2])
    // 1: discord:ann; 2: ann, dan, youtube:UCann…, discord:eve; 3: bob, youtube:UCcat…. Were the
    // three "ann"s one voter, hers would have moved and the tally be [1, 3, 2] or [0, 4, 2].
    expect(tally.total_votes).toBe(7)
    const closed = (await api('POST', `/api/polls/${poll.id}/close`)).body
    expect(closed.candidates.map((candidate: { votes: number }) => candidate.votes)).toEqual([1, 4, 2])

    // Each platform's own endpoints answer as they would alone; stopping one leaves the others reading.
    expect(await twitchStatus()).toMatchObject({ channel: 'multi_stream', state: 'connected', counts: { up: 1, down: 1, poll: 3, queue: 0, ignored: 0 } })
    expect(await youtubeStatus()).toMatchObject({ video: 'multiStream', state: 'connected', counts: { up: 2, down: 0, poll: 3, queue: 0, ignored: 0 } })
    expect(await discordStatus()).toMatchObject({ channel_id: discord.channelId, state: 'connected', counts: { up: 1, down: 1, poll: 3, queue: 0, ignored: 0 } })
    expect((await api('DELETE', '/api/chat/twitch')).status).toBe(200)
    expect((await call(server.url, 'GET', '/api/chat')).body.map((chat: { platform: string }) => chat.platform)).toEqual(['discord', 'youtube'])
    expect(callsFor(liveChatId).length).toBe(3)
  } finally {
    await server.close()
    await core.close() // and its store
  }
})

const callsFor = (liveChatId: string) => youtube.calls.filter((one) => one.liveChatId === liveChatId)
