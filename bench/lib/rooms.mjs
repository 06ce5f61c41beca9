#!/usr/bin/env node
// Following many Jackbox rooms at once: a real `game-picker serve` (own process, fresh sqlite
// file) whose room service is the tests' fake (test/helpers/fake-ecast.ts, through ECAST_URL).
// ROOMS rooms run bundled games (their app tags come from the server's own catalogue), each with
// two players; one session follows every room through POST /api/sessions/{id}/rooms, as the web
// app does (each new room makes the previous game `played`, and its room is still followed until
// it closes). Then, for SECONDS, every room's roster changes once every CHANGE_MS, the rooms
// staggered evenly: a new player joins, then the longest-connected player's phone drops, in turn.
// A TV client follows the event stream (room.updated, room.ended).
//
// Matching a change to its event: ecast keeps a player who left in the roster (connected: false),
// so every change makes a room's roster one step further along (one more player, or one more
// disconnected), and its steps never repeat. Room events are coalesced (at most one a second per
// room, the latest state), so a change is seen by the first `room.updated` of its room that is at
// least that many steps along; its delay runs from the fake announcing the change to that event
// reaching the TV. Every event's roster is also checked against what the fake holds at its step.
//
// The server's CPU over the window (/proc utime + stime) is divided by the room-minutes followed;
// its RSS is sampled every second, and VmHWM read at the end. Afterwards every room closes: each
// must send `room.ended` and leave its game `played`.
//   node bench/lib/rooms.mjs --dir DIR [--rooms 100] [--seconds 60] [--change-ms 3000] [--cpu-prof-dir DIR]
// Prints one JSON object. With --cpu-prof-dir the server runs under `node --cpu-prof` and is
// stopped cleanly at the end, so its profile is written there.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import {
  createApiClient, dist, followEventStream, freePort, loadTestHelper, processCpuMs, processMemory, round, sleep,
  startServerProcess,
} from './common.mjs'

const KEY = 'bench-rooms-key'
const STARTING_PLAYERS = 2

/** The bench's rows from the JSON this script prints (bench/run.mjs). */
export function roomsRows(result) {
  const { rooms, seconds, changeS } = result
  const followed = `${rooms} rooms followed at once (fake room service), a roster change per room every ${changeS} s for ${seconds} s`
  return [
    {
      id: 'roomsDelay', name: `Rooms: ${followed}, room.updated on the event stream`,
      result: `delay from a roster change to its room.updated: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms; `
        + `${result.changes} changes, ${result.unseen} never seen, ${result.wrongRosters} events with a roster the room never had; `
        + `${result.updates} room.updated (at most one a second per room), ${result.ended} of ${rooms} room.ended after closing, ${result.played} games played`,
      baseline: '-', target: 'p99 < 2 s', measured: `p99 ${result.p99Ms} ms`,
      pass: result.p99Ms < 2000 && result.unseen === 0 && result.wrongRosters === 0 && result.ended === rooms, values: result,
    },
    {
      id: 'roomsRss', name: `Rooms: server RSS, ${followed}`,
      result: `peak ${result.peakRssMb} MB (VmHWM, start included), ${result.windowMaxRssMb} MB at most while following, `
        + `${result.endRssMb} MB at the end; ${result.shardSockets} room sockets open`,
      baseline: `the same server before following ${result.beforeRssMb} MB`,
      target: '< 135 MB', measured: `${result.peakRssMb} MB`, pass: result.peakRssMb < 135, values: result,
    },
    {
      id: 'roomsCpu', name: `Rooms: server CPU, ${followed}`,
      result: `${result.cpuMsPerRoomMinute} ms CPU per room-minute (${result.cpuPercent}% of one core for ${rooms} rooms); `
        + `${result.pollsPerRoomMinute} room-info requests per room-minute`,
      baseline: '-', target: '-', measured: `${result.cpuMsPerRoomMinute} ms/room-minute`, pass: null, values: result,
    },
  ]
}

/** A room code per index: four characters, A-Z or 0-9, all different. */
const roomCode = (i) => `R${i.toString(36).toUpperCase().padStart(3, '0')}`

/** How far along a roster is: each join adds a player, each drop marks one disconnected. */
const steps = (players) => players.length + players.filter((player) => !player.connected).length

async function main() {
  const { values } = parseArgs({ options: {
    dir: { type: 'string' }, rooms: { type: 'string' }, seconds: { type: 'string' }, 'change-ms': { type: 'string' }, 'cpu-prof-dir': { type: 'string' },
  } })
  const ROOMS = Number(values.rooms ?? 100)
  const SECONDS = Number(values.seconds ?? 60)
  const CHANGE_MS = Number(values['change-ms'] ?? 3000)

  const ecast = await (await loadTestHelper('fake-ecast.ts')).startFakeEcast()
  const port = await freePort()
  const profile = values['cpu-prof-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof-dir']}`] : []
  const server = await startServerProcess(process.execPath, [...profile, dist.cliBin, 'serve', '--port', String(port), '--host', '127.0.0.1', '--db', join(values.dir, 'rooms.sqlite')], {
    port, env: { ADMIN_KEY: KEY, ECAST_URL: ecast.url },
  })
  try {
    const api = createApiClient(server.url)
    const { token } = await api('POST', '/api/auth/login', { key: KEY })
    const tags = (await api('GET', '/api/games')).flatMap((game) => game.app_tags)
    if (tags.length === 0) throw new Error('the bundled catalogue has no app tags')

    // The rooms, as the fake holds them: players in join order, by name, connected or not.
    const rooms = Array.from({ length: ROOMS }, (_, i) => {
      const code = roomCode(i)
      const fake = ecast.createRoom(code, { appTag: tags[i % tags.length], maxPlayers: 8 })
      const room = { code, fake, players: [], changes: [], updates: [], joined: 0, measuring: false }
      for (let n = 0; n < STARTING_PLAYERS; n++) joinPlayer(room)
      return room
    })
    const byCode = new Map(rooms.map((room) => [room.code, room]))

    // The TV.
    let ended = 0
    await followEventStream(server.url, '?events=room.updated,room.ended', (type, body, at) => {
      const room = byCode.get(body.data.room.room_code)
      if (type === 'room.ended') ended += 1
      else room?.updates.push({ at, players: body.data.room.players })
    })

    // Follow every room, one after the other, as the host would type the codes.
    const session = await api('POST', '/api/sessions', {}, token)
    const followStart = performance.now()
    for (const room of rooms) await api('POST', `/api/sessions/${session.id}/rooms`, { room_code: room.code }, token)
    const followS = (performance.now() - followStart) / 1000
    const lastSteps = (room) => (room.updates.length ? steps(room.updates.at(-1).players) : -1)
    await waitFor(() => rooms.every((room) => lastSteps(room) === STARTING_PLAYERS), 30_000, 'every room reporting its first players')
    await sleep(2000)
    const before = processMemory(server.pid)

    // The window: one change per room every CHANGE_MS, the rooms staggered evenly.
    const cpuStart = processCpuMs(server.pid)
    const pollsStart = ecast.polls
    let windowMaxRssMb = before.rssMb
    const sampler = setInterval(() => void (windowMaxRssMb = Math.max(windowMaxRssMb, processMemory(server.pid).rssMb)), 1000)
    for (const room of rooms) room.measuring = true
    const start = performance.now()
    const total = Math.floor((SECONDS * 1000) / CHANGE_MS) * ROOMS
    for (let k = 0; k < total; k++) {
      const due = start + (k * CHANGE_MS) / ROOMS
      if (due - performance.now() > 1) await sleep(due - performance.now())
      const room = rooms[k % ROOMS]
      if (room.changes.length % 2 === 0) joinPlayer(room)
      else dropPlayer(room)
    }
    await sleep(start + SECONDS * 1000 - performance.now())
    const windowMs = performance.now() - start
    const cpuMs = processCpuMs(server.pid) - cpuStart
    const polls = ecast.polls - pollsStart
    clearInterval(sampler)
    const end = processMemory(server.pid)
    const shardSockets = ecast.openSockets('shard')

    // Every change seen, or 10 s more.
    const seenAll = () => rooms.every((room) => lastSteps(room) === steps(room.players))
    await waitFor(seenAll, 10_000).catch(() => {})

    const delays = []
    let unseen = 0
    let wrongRosters = 0
    for (const room of rooms) {
      for (const change of room.changes.filter((one) => one.measured)) {
        const seen = room.updates.find((update) => steps(update.players) >= change.steps)
        if (seen) delays.push(Math.max(0, seen.at - change.at))
        else unseen += 1
      }
      const rosterAt = new Map(room.changes.map((change) => [change.steps, change.roster]))
      for (const update of room.updates) {
        const expected = rosterAt.get(steps(update.players))
        if (expected !== undefined && expected !== JSON.stringify(update.players)) wrongRosters += 1
      }
    }
    delays.sort((a, b) => a - b)
    const pct = (p) => round(delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))] ?? NaN, 0)

    // The hosts end their rooms: each game becomes played.
    for (const room of rooms) room.fake.exit()
    await waitFor(() => ended === ROOMS, 30_000).catch(() => {})
    const games = await api('GET', `/api/sessions/${session.id}/games`)
    const played = games.filter((game) => game.status === 'played').length
    const roomMinutes = (ROOMS * windowMs) / 60_000

    console.log(JSON.stringify({
      rooms: ROOMS, seconds: SECONDS, changeS: CHANGE_MS / 1000, windowS: round(windowMs / 1000, 1), followS: round(followS, 2),
      changes: delays.length + unseen, unseen, wrongRosters, updates: rooms.reduce((sum, room) => sum + room.updates.length, 0),
      p50Ms: pct(50), p99Ms: pct(99), maxMs: round(delays.at(-1) ?? NaN, 0),
      cpuMs: round(cpuMs, 0), cpuMsPerRoomMinute: round(cpuMs / roomMinutes, 1), cpuPercent: round((cpuMs / windowMs) * 100, 1),
      pollsPerRoomMinute: round(polls / roomMinutes, 1),
      beforeRssMb: round(before.rssMb, 0), windowMaxRssMb: round(windowMaxRssMb, 0), endRssMb: round(end.rssMb, 0), peakRssMb: round(end.peakRssMb, 0),
      shardSockets, ended, played, serverLogErrors: server.log().split('\n').filter((line) => /could not|crashed/.test(line)).length,
    }))
  } finally {
    await (profile.length ? server.stop() : server.kill9())
    await ecast.close()
  }
}

/** A new player joins the room (a phone opens jackbox.tv and enters the code). */
function joinPlayer(room) {
  const name = `${room.code}P${++room.joined}`
  room.players.push({ name, connected: true, id: room.fake.join('player', name) })
  recordChange(room)
}

/** The longest-connected player's phone drops (ecast keeps their slot). */
function dropPlayer(room) {
  const player = room.players.find((one) => one.connected)
  player.connected = false
  room.fake.disconnect(player.id)
  recordChange(room)
}

/** `measured`: made in the window (the starting players joined before the room was followed). */
function recordChange(room) {
  const roster = room.players.map(({ name, connected }) => ({ name, connected }))
  room.changes.push({ at: performance.now(), steps: steps(roster), roster: JSON.stringify(roster), measured: room.measuring === true })
}

async function waitFor(condition, timeoutMs, what = 'a condition') {
  for (const end = performance.now() + timeoutMs; !condition(); await sleep(50)) {
    if (performance.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main()
  process.exit(0)
}
