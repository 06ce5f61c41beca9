#!/usr/bin/env node
// A multistream's chats voting in one poll: a real `game-picker serve` (own process, fresh
// database) reads a Twitch channel, a YouTube live chat and a Discord channel at once, each from
// the local fake in test/helpers (loaded with Vite's module runner, the same fakes the tests use;
// Discord through the real discord.js). One poll is open; RATE messages a second in total, spread
// evenly over SECONDS and over the chats, each from its own viewer, go into the fakes. A TV client
// follows the event stream (poll.voted).
//
// Discord's votes are what a Discord member types: a number as a plain message in the channel,
// which the bot reads with the Message Content intent by the same chat rules as Twitch chat (the
// poll message's buttons are interactions, a different path: not what "numbers from the chats"
// means, and not measured here).
//
// Each chat votes for its own candidate (Twitch 1, YouTube 2, Discord 3), and a chat's votes are
// counted in the order its messages came, so the k-th message of a chat is counted once the TV
// sees that candidate at k votes or more: its delay is that tally's arrival minus the message's
// arrival at the fake. YouTube is polled: its messages wait in the fake until the reader's next
// call (every 5 s, the least `interval_seconds`), so for YouTube the delay is also given from the
// moment the fake handed the message out (the reader's call). The poll is then closed and its
// final tally checked against the messages sent.
//   node bench/lib/multistream.mjs --dir DIR [--rate 300] [--seconds 10] [--chats twitch,youtube,discord]
// Prints one JSON object.
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createApiClient, dist, followEventStream, freePort, loadTestHelper, processCpuMs, round, sleep, startServerProcess } from './common.mjs'

const { values } = parseArgs({ options: { dir: { type: 'string' }, rate: { type: 'string' }, seconds: { type: 'string' }, chats: { type: 'string' } } })
const RATE = Number(values.rate ?? 300)
const SECONDS = Number(values.seconds ?? 10)
const KEY = 'bench-multistream-key'
const VIDEO = 'benchStream'
const CHANNEL = 'bench_channel'

const twitch = await (await loadTestHelper('fake-twitch.ts')).startFakeTwitch()
const youtube = await (await loadTestHelper('fake-youtube.ts')).startFakeYouTube()
const discord = await (await loadTestHelper('fake-discord.ts')).startFakeDiscord()
youtube.goLive(VIDEO)
const ALL_CHATS = [
  { name: 'twitch', candidate: 1, send: (i) => twitch.say(CHANNEL, { login: `tw_viewer_${i}`, text: '1' }) },
  { name: 'youtube', candidate: 2, send: (i) => youtube.post(VIDEO, { channelId: `UCbench${String(i).padStart(15, '0')}`, text: '2' }) },
  { name: 'discord', candidate: 3, send: (i) => discord.say(discord.user(`dc_viewer_${i}`), '3') },
]
const chosen = (values.chats ?? 'twitch,youtube,discord').split(',')
const chats = ALL_CHATS.filter((chat) => chosen.includes(chat.name))

const port = await freePort()
const server = await startServerProcess(process.execPath, [dist.cliBin, 'serve', '--port', String(port), '--db', join(values.dir, 'multistream.sqlite')], {
  port, env: {
    ADMIN_KEY: KEY, TWITCH_CHAT_URL: twitch.url, YOUTUBE_API_URL: youtube.url, YOUTUBE_API_KEY: youtube.key,
    DISCORD_API_URL: discord.apiUrl, DISCORD_BOT_TOKEN: discord.token,
  },
})
try {
  const api = createApiClient(server.url)
  const { token } = await api('POST', '/api/auth/login', { key: KEY })
  const connect = {
    twitch: () => api('POST', '/api/chat/twitch', { channel: CHANNEL }, token),
    youtube: () => api('POST', '/api/chat/youtube', { video: VIDEO }, token),
    discord: () => api('POST', '/api/chat/discord', { channel_id: discord.channelId }, token),
  }
  for (const chat of chats) await connect[chat.name]()
  for (const end = Date.now() + 20_000; ;) {
    const connected = (await api('GET', '/api/chat')).filter((chat) => chat.state === 'connected').length
    if (connected === chats.length) break
    if (Date.now() > end) throw new Error(`chats not connected: ${JSON.stringify(await api('GET', '/api/chat'))}`)
    await sleep(100)
  }
  const poll = await api('POST', '/api/polls', { gameIds: [1, 2, 3] }, token)

  // The TV: each tally it receives, with the time.
  const tallies = []
  await followEventStream(server.url, '?events=poll.voted', (type, body, at) => {
    tallies.push({ at, votes: body.data.candidates.map((one) => one.votes) })
  }, { now: Date.now })

  // The chats: RATE messages a second in total, round robin over the chats, each from a new viewer.
  const arrivals = chats.map(() => []) // per chat: [arrival ms, message id]
  const total = RATE * SECONDS
  const start = Date.now()
  // CPU while the messages go in: the server's, and this process's (the three fakes and the TV).
  const serverCpuBefore = processCpuMs(server.pid)
  const benchCpuBefore = process.cpuUsage()
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE
    if (due - Date.now() > 1) await sleep(due - Date.now())
    const chat = i % chats.length
    const at = Date.now()
    arrivals[chat].push([at, chats[chat].send(i)])
  }
  const sendingS = (Date.now() - start) / 1000
  const serverCpuPct = round((processCpuMs(server.pid) - serverCpuBefore) / (sendingS * 10), 0)
  const benchCpu = process.cpuUsage(benchCpuBefore)
  const benchCpuPct = round((benchCpu.user + benchCpu.system) / 1000 / (sendingS * 10), 0)

  // Every message seen counted, or 15 s more (a YouTube interval and then some).
  const sent = [0, 0, 0]
  chats.forEach((chat, n) => { sent[chat.candidate - 1] = arrivals[n].length })
  const counted = () => tallies.at(-1)?.votes ?? [0, 0, 0]
  for (const end = Date.now() + 15_000; Date.now() < end && counted().some((votes, n) => votes < sent[n]);) await sleep(50)

  const pct = (delays, p) => round(delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))] ?? NaN, 1)
  const summary = (delays) => {
    delays.sort((a, b) => a - b)
    return { p50Ms: pct(delays, 50), p99Ms: pct(delays, 99), maxMs: round(delays.at(-1) ?? NaN, 1) }
  }
  const perChat = {}
  let unseen = 0
  chats.forEach((chat, n) => {
    const fromArrival = []
    const fromServed = []
    arrivals[n].forEach(([at, id], k) => {
      const seen = tallies.find((tally) => tally.votes[chat.candidate - 1] >= k + 1)
      if (!seen) return void (unseen += 1)
      fromArrival.push(Math.max(0, seen.at - at))
      if (chat.name === 'youtube') fromServed.push(Math.max(0, seen.at - (youtube.served.get(id) ?? at)))
    })
    perChat[chat.name] = { messages: arrivals[n].length, ...summary(fromArrival), ...(chat.name === 'youtube' ? { fromServed: summary(fromServed) } : {}) }
  })

  const final = await api('POST', `/api/polls/${poll.id}/close`, undefined, token)
  const closedVotes = final.candidates.map((candidate) => candidate.votes)
  const statuses = await api('GET', '/api/chat')
  // The delay the target is about: from a message reaching Game Picker (Twitch, Discord: the
  // fake sending it; YouTube: the fake answering the reader's call) to the TV.
  const intoGamePicker = Object.entries(perChat).map(([name, one]) => (name === 'youtube' ? one.fromServed.p99Ms : one.p99Ms))
  console.log(JSON.stringify({
    rate: RATE, seconds: SECONDS, sendingS: round(sendingS, 2), serverCpuPct, benchCpuPct, chats: chats.map((chat) => chat.name), total, unseen,
    talliesReceived: tallies.length, perChat, p99Ms: Math.max(...intoGamePicker),
    youtubeCalls: youtube.calls.filter((one) => one.method === 'liveChatMessages.list').length,
    sent, counted: closedVotes, chatCounts: Object.fromEntries(statuses.map((one) => [one.platform, one.counts])),
    exact: unseen === 0 && JSON.stringify(sent) === JSON.stringify(closedVotes),
  }))
} finally {
  await server.kill9()
  await twitch.close()
  await youtube.close()
  await discord.close()
  process.exit(0)
}
