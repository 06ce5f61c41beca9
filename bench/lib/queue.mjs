#!/usr/bin/env node
// The viewer queue under a stream's chats: a real `game-picker serve` (own process, fresh sqlite
// file) reads a Twitch channel, a YouTube live chat and a Discord channel (the tests' fakes, as in
// multistream.mjs) and follows rooms of the tests' fake room service (as in rooms.mjs). The queue
// is open and filled to LINE viewers by `!join` from the chats; then, for SECONDS, RATE messages a
// second in all go into the chats, round robin, every (RATE / QUEUE_RATE)-th a `!join` or `!leave`
// (a `!join` while the line, counting the joins not yet seen, is under LINE, else a `!leave` of a
// viewer waiting: the seated stay to play; a leave counts once seen, so no join is ever refused
// as full), the others plain chatter. Every SEAT_S the host starts the next game's room (the fake room, its host
// player in it) and follows it (POST /api/sessions/{id}/rooms: the game before becomes `played`,
// its seats are settled, its room then closes), seats SEATS viewers (POST /api/queue/seat), and
// the roster changes: all but one of the seated join under their seat_name, 2 s apart, a stranger
// joins and leaves, a joined player's phone drops and comes back, and at 20 s the room locks (the
// one who never came becomes a no-show). A TV follows the event stream (queue.updated).
//
// A viewer gets no new command until their last one is seen, so each command's delay is well
// defined: from the fake sending it (YouTube: from the fake handing it to the reader's call; it
// waited up to the 5 s interval before, shown apart) to the first queue.updated on the TV whose
// entries show the viewer present (join) or absent (leave). queue.updated is sent at most once a
// second (decisions of the queue), so delays up to about 1 s are by design.
// The server's CPU (/proc utime + stime) over the window per 1,000 messages sent; its RSS sampled
// every second, VmHWM at the end.
//   node bench/lib/queue.mjs --dir DIR [--seconds 120] [--rate 100] [--queue-rate 20] [--seat-s 30]
// Prints one JSON object.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import {
  createApiClient, dist, followEventStream, freePort, loadTestHelper, processCpuMs, processMemory, round, sleep,
  startServerProcess,
} from './common.mjs'

const KEY = 'bench-queue-key'
const VIDEO = 'benchQueue1' // 11 characters, as YouTube's
const CHANNEL = 'bench_queue'
const LINE = 200
const VIEWERS = 450 // 150 a chat: enough outside the line to join
const SEATS = 6

/** The bench's rows from the JSON this script prints (bench/run.mjs). */
export function queueRows(r) {
  const what = `Queue: ${LINE} viewers in the line (${r.line.min}–${r.line.max}, mean ${r.line.mean}), Twitch + YouTube + Discord fakes ${r.rate} messages/s for ${r.seconds} s, `
    + `${r.queueRate}/s !join/!leave, seating every ${r.seatS} s against a followed room`
  const d = r.delay
  const platforms = Object.entries(r.perChat).map(([name, one]) => `${name} p99 ${one.p99Ms} ms`).join(', ')
  return [
    {
      id: 'queueDelay', name: `${what}: delay from a chat line to its queue.updated`,
      result: `p50 ${d.p50Ms} ms, p95 ${d.p95Ms} ms, p99 ${d.p99Ms} ms, max ${d.maxMs} ms (${platforms}; YouTube from the reader's call, p99 ${r.youtubeFromTyped.p99Ms} ms from being typed: the 5 s interval); `
        + `${r.commands} commands, ${r.unseen} never seen, chat counts.queue ${r.chatQueueCount} of ${r.commandsTotal} sent; ${r.events} queue.updated; `
        + `${r.seatings} seatings: ${r.seatsJoined} seats joined, ${r.noShows} no-shows, the stranger unseated in ${r.strangersSeen}`,
      baseline: '-', target: 'p99 < 1 s (events at most 1/s by design)', measured: `p99 ${d.p99Ms} ms`,
      pass: d.p99Ms < 1000 && r.unseen === 0 && r.chatQueueCount === r.commandsTotal, values: r,
    },
    {
      id: 'queueCpu', name: `${what}: server CPU`,
      result: `${r.cpuMsPer1000} ms CPU per 1,000 messages (${r.cpuPercent}% of one core; ${r.messages} messages)`,
      baseline: '-', target: '-', measured: `${r.cpuMsPer1000} ms/1,000 messages`, pass: null, values: r,
    },
    {
      id: 'queueRss', name: `${what}: server RSS`,
      result: `peak ${r.peakRssMb} MB (VmHWM, start included), ${r.windowMaxRssMb} MB at most in the window, ${r.endRssMb} MB at the end`,
      baseline: `the same server with the line filled, before the window ${r.beforeRssMb} MB`,
      target: '< 135 MB', measured: `${r.peakRssMb} MB`, pass: r.peakRssMb < 135, values: r,
    },
  ]
}

async function main() {
  const { values } = parseArgs({ options: {
    dir: { type: 'string' }, seconds: { type: 'string' }, rate: { type: 'string' }, 'queue-rate': { type: 'string' }, 'seat-s': { type: 'string' },
  } })
  const SECONDS = Number(values.seconds ?? 120)
  const RATE = Number(values.rate ?? 100)
  const QUEUE_EVERY = Math.round(RATE / Number(values['queue-rate'] ?? 20))
  const SEAT_S = Number(values['seat-s'] ?? 30)

  const twitch = await (await loadTestHelper('fake-twitch.ts')).startFakeTwitch()
  const youtube = await (await loadTestHelper('fake-youtube.ts')).startFakeYouTube()
  const discord = await (await loadTestHelper('fake-discord.ts')).startFakeDiscord()
  const ecast = await (await loadTestHelper('fake-ecast.ts')).startFakeEcast()
  youtube.goLive(VIDEO)
  // Short, distinct names, so seat names (12 characters at most) stay distinct.
  const chats = [
    { name: 'twitch', viewers: [], viewer: (i) => ({ user: `tv_${i}`, login: `tv_${i}`, displayName: `Tw${i}` }),
      send: (v, text) => twitch.say(CHANNEL, { login: v.login, displayName: v.displayName, text }) },
    { name: 'youtube', viewers: [], viewer: (i) => { const channelId = `UC${i.toString(36).padStart(3, '0')}${'b'.repeat(19)}`; return { user: `youtube:${channelId}`, channelId } },
      send: (v, text) => youtube.post(VIDEO, { channelId: v.channelId, displayName: `Yt${v.channelId.slice(2, 5)}`, text }) },
    { name: 'discord', viewers: [], viewer: (i) => ({ user: `discord:d${i}`, member: discord.user(`d${i}`, { globalName: `Dc${i}` }) }),
      send: (v, text) => discord.say(v.member, text) },
  ]
  for (let i = 0; i < VIEWERS; i++) chats[i % 3].viewers.push(chats[i % 3].viewer(i))
  let seed = 7
  const pick = (xs) => xs[(seed = (seed * 48271) % 2147483647) % xs.length]

  const port = await freePort()
  const server = await startServerProcess(process.execPath, [dist.cliBin, 'serve', '--port', String(port), '--host', '127.0.0.1', '--db', join(values.dir, 'queue.sqlite')], {
    port, env: {
      ADMIN_KEY: KEY, ECAST_URL: ecast.url, TWITCH_CHAT_URL: twitch.url, YOUTUBE_API_URL: youtube.url, YOUTUBE_API_KEY: youtube.key,
      DISCORD_API_URL: discord.apiUrl, DISCORD_BOT_TOKEN: discord.token,
    },
  })
  const timers = []
  try {
    const api = createApiClient(server.url)
    const { token } = await api('POST', '/api/auth/login', { key: KEY })
    const tags = (await api('GET', '/api/games')).flatMap((game) => game.app_tags)
    await api('POST', '/api/chat/twitch', { channel: CHANNEL }, token)
    await api('POST', '/api/chat/youtube', { video: VIDEO }, token)
    await api('POST', '/api/chat/discord', { channel_id: discord.channelId }, token)
    await waitFor(async () => (await api('GET', '/api/chat')).every((chat) => chat.state === 'connected'), 20_000, 'the chats connected')
    const session = await api('POST', '/api/sessions', {}, token)
    await api('POST', '/api/queue/open', { host_players: 1 }, token)

    // The TV: who is in the queue, each command seen, the seats' states, the strangers noticed.
    let present = new Set()
    let waiting = new Set()
    const pending = new Map() // user → { kind, chat, at, id }
    const done = []
    const events = []
    const seatStates = new Map()
    const strangers = new Set()
    let measuring = false
    await followEventStream(server.url, '?events=queue.updated', (type, body, at) => {
      const { queue } = body.data
      present = new Set(queue.entries.map((entry) => entry.user))
      waiting = new Set(queue.entries.filter((entry) => entry.state === 'waiting').map((entry) => entry.user))
      if (measuring) events.push(present.size)
      for (const [user, command] of pending) {
        if (present.has(user) === (command.kind === 'join')) {
          done.push({ ...command, seenAt: at })
          pending.delete(user)
        }
      }
      for (const entry of queue.entries) if (entry.session_game_id !== null) seatStates.set(`${entry.session_game_id}:${entry.user}`, entry.state)
      for (const name of queue.unseated) if (name.startsWith('STRANGER')) strangers.add(name)
    }, { now: Date.now })

    // A `!join` or `!leave` from a viewer of `chat` whose last command was seen; false: none fits.
    let commandsTotal = 0
    const command = (chat, fill = false) => {
      const joins = [...pending.values()].filter((one) => one.kind === 'join').length
      const kind = present.size + joins < LINE ? 'join' : 'leave'
      if (fill && kind === 'leave') return false
      const free = chat.viewers.filter((v) => !pending.has(v.user) && (kind === 'join' ? !present.has(v.user) : waiting.has(v.user)))
      if (free.length === 0) return false
      const viewer = pick(free)
      pending.set(viewer.user, { kind, chat: chat.name, at: Date.now(), id: chat.send(viewer, `!${kind}`), measured: !fill })
      commandsTotal += 1
      return true
    }

    // The line filled from the chats.
    for (let k = 0; present.size < LINE; k++) {
      if (k > 200 * LINE) throw new Error(`the line did not fill: ${present.size} of ${LINE}`)
      if (!command(chats[k % 3], true)) await sleep(100)
      else await sleep(10)
    }
    await waitFor(() => pending.size === 0, 15_000, 'the filling joins seen')
    await sleep(2000)
    const before = processMemory(server.pid)

    // Every SEAT_S: the next room followed, seats taken, its roster changing.
    let previousRoom = null
    let seatings = 0
    const later = (ms, fn) => timers.push(setTimeout(fn, ms))
    const seatRound = async (k) => {
      const code = `Q${k.toString(36).toUpperCase().padStart(3, '0')}`
      const room = ecast.createRoom(code, { appTag: tags[k % tags.length], maxPlayers: 8 })
      room.join('player', 'HOST')
      const game = await api('POST', `/api/sessions/${session.id}/rooms`, { room_code: code }, token)
      previousRoom?.exit()
      previousRoom = room
      const queue = await api('POST', '/api/queue/seat', { count: SEATS }, token)
      seatings += 1
      const seats = queue.entries.filter((entry) => entry.session_game_id === game.id && entry.state !== 'waiting')
      const ids = []
      seats.slice(0, -1).forEach((seat, n) => later(2000 + n * 2000, () => ids.push(room.join('player', seat.seat_name))))
      let stranger
      later(5000, () => { stranger = room.join('player', `STRANGER${k}`) })
      later(9000, () => room.disconnect(stranger))
      later(13_000, () => ids[0] !== undefined && room.disconnect(ids[0]))
      later(16_000, () => ids[0] !== undefined && room.reconnect(ids[0]))
      later(20_000, () => room.lock())
    }

    const cpuStart = processCpuMs(server.pid)
    let windowMaxRssMb = before.rssMb
    const rssEvery10s = []
    let ticks = 0
    const sampler = setInterval(() => {
      const { rssMb } = processMemory(server.pid)
      windowMaxRssMb = Math.max(windowMaxRssMb, rssMb)
      if (++ticks % 10 === 0) rssEvery10s.push(round(rssMb, 0))
    }, 1000)
    measuring = true
    const start = Date.now()
    const rounds = []
    const seatErrors = []
    for (let k = 0; k * SEAT_S < SECONDS; k++) later(k * SEAT_S * 1000, () => rounds.push(seatRound(k).catch((error) => seatErrors.push(String(error)))))
    let skipped = 0
    const total = RATE * SECONDS
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / RATE
      if (due - Date.now() > 1) await sleep(due - Date.now())
      const chat = chats[i % 3]
      if (i % QUEUE_EVERY === 0 && command(chat)) continue
      if (i % QUEUE_EVERY === 0) skipped += 1
      chat.send(pick(chat.viewers), pick(['gg', 'lol', 'this game is chaos', 'hi chat', 'LUL', 'who is drawing that']))
    }
    await sleep(start + SECONDS * 1000 - Date.now())
    const windowMs = Date.now() - start
    const cpuMs = processCpuMs(server.pid) - cpuStart
    clearInterval(sampler)
    const end = processMemory(server.pid)
    measuring = false
    await Promise.all(rounds)
    await waitFor(() => pending.size === 0, 10_000).catch(() => {})

    const summary = (delays) => {
      delays.sort((a, b) => a - b)
      const pct = (p) => round(delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))] ?? NaN, 0)
      return { count: delays.length, p50Ms: pct(50), p95Ms: pct(95), p99Ms: pct(99), maxMs: round(delays.at(-1) ?? NaN, 0) }
    }
    const measured = done.filter((one) => one.measured)
    // Into Game Picker: Twitch and Discord when the fake sends, YouTube when the fake answers the reader's call.
    const intoGamePicker = (one) => Math.max(0, one.seenAt - (one.chat === 'youtube' ? youtube.served.get(one.id) ?? one.at : one.at))
    const perChat = Object.fromEntries(chats.map((chat) => [chat.name, summary(measured.filter((one) => one.chat === chat.name).map(intoGamePicker))]))
    const statuses = await api('GET', '/api/chat')
    const seatValues = [...seatStates.values()]
    previousRoom?.exit()
    console.log(JSON.stringify({
      rate: RATE, queueRate: RATE / QUEUE_EVERY, seconds: SECONDS, seatS: SEAT_S, windowS: round(windowMs / 1000, 1),
      messages: total, commands: measured.length + [...pending.values()].filter((one) => one.measured).length, skipped,
      joins: measured.filter((one) => one.kind === 'join').length, leaves: measured.filter((one) => one.kind === 'leave').length,
      unseen: pending.size, delay: summary(measured.map(intoGamePicker)), perChat,
      youtubeFromTyped: summary(measured.filter((one) => one.chat === 'youtube').map((one) => one.seenAt - one.at)),
      events: events.length, line: { min: Math.min(...events), max: Math.max(...events), mean: round(events.reduce((s, n) => s + n, 0) / events.length, 0) },
      seatings, seatErrors, seatsJoined: seatValues.filter((state) => state === 'joined').length, noShows: seatValues.filter((state) => state === 'no_show').length,
      strangersSeen: strangers.size, commandsTotal, chatQueueCount: statuses.reduce((sum, chat) => sum + (chat.counts.queue ?? 0), 0),
      cpuMs: round(cpuMs, 0), cpuMsPer1000: round((cpuMs / total) * 1000, 0), cpuPercent: round((cpuMs / windowMs) * 100, 1),
      beforeRssMb: round(before.rssMb, 0), windowMaxRssMb: round(windowMaxRssMb, 0), rssEvery10s, endRssMb: round(end.rssMb, 0), peakRssMb: round(end.peakRssMb, 0),
      serverLogErrors: server.log().split('\n').filter((line) => /could not|crashed|not handled|not recorded/.test(line)).length,
    }))
  } finally {
    for (const timer of timers) clearTimeout(timer)
    await server.kill9()
    await Promise.all([twitch.close(), youtube.close(), discord.close(), ecast.close()])
  }
}

async function waitFor(condition, timeoutMs, what = 'a condition') {
  for (const end = Date.now() + timeoutMs; !(await condition()); await sleep(100)) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main()
  process.exit(0)
}
