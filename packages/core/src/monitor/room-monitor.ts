import { createBackoff } from './backoff.ts'
import type { Clock } from './clock.ts'
import type { EcastClient, RoomLookup } from './ecast-client.ts'
import { createPlayerRoster } from './player-roster.ts'
import { createShardLink, type ShardLinkEvent } from './shard-link.ts'
import { createTimers } from './timers.ts'
import type { PlayerCheckUpdate } from './types.ts'

export interface MonitorSettings {
  pollIntervalMs: number
  probeIntervalMs: number
  giveUpMs: number
  maxBackoffMs: number
}

export interface RoomMonitorDeps {
  roomCode: string
  userId: string
  ecast: EcastClient
  clock: Clock
  settings: MonitorSettings
  write: (change: PlayerCheckUpdate) => void
  log: (message: string) => void
  /** Called once when the monitor reaches 'completed' or 'failed' on its own. */
  onFinished: () => void
}

export interface RoomMonitor {
  start(): void
  /** Stops all I/O and timers without writing anything. */
  dispose(): void
}

/**
 * The state machine for one session game. REST polls (one per interval, slower after trouble)
 * decide whether the room exists and whether it is locked; the shard link keeps the player count.
 */
export function createRoomMonitor(deps: RoomMonitorDeps): RoomMonitor {
  const { roomCode, ecast, settings, log } = deps
  const timers = createTimers(deps.clock)
  const requests = new AbortController()
  const roster = createPlayerRoster()
  const pollBackoff = createBackoff(settings.maxBackoffMs)
  let done = false
  let seen = false // the room answered 200 at least once
  let locked = false
  let roomHost = ''
  let count: number | null = null
  const link = createShardLink(
    {
      getUrl: () => ecast.getShardUrl(roomCode, roomHost, deps.userId),
      timers,
      probeIntervalMs: settings.probeIntervalMs,
      maxBackoffMs: settings.maxBackoffMs,
      log,
    },
    (event) => {
      if (!done) onRoomEvent(event)
    },
  )

  function dispose() {
    done = true
    timers.cancelAll()
    requests.abort()
    link.close()
  }

  function finish(status: 'completed' | 'failed', why: string) {
    if (done) return
    dispose()
    log(`${status} (${why}), player count ${count ?? 'unknown'}`)
    deps.write(status === 'completed' ? { status, playerCount: count } : { status })
    deps.onFinished()
  }

  /** The game started: the count at this moment is the result. Without one yet, the next welcome gives it. */
  function lockRoom() {
    locked = true
    if (count !== null) finish('completed', 'room locked')
  }

  function closeRoom(why: string) {
    finish(count === null ? 'failed' : 'completed', why)
  }

  function poll() {
    ecast.readRoom(roomCode, requests.signal).then(
      (lookup) => {
        if (!done) onLookup(lookup)
      },
      (error: unknown) => log(`poll crashed: ${String(error)}`),
    )
  }

  function onLookup(lookup: RoomLookup) {
    if (lookup.kind === 'missing') return seen ? closeRoom('room gone') : finish('failed', 'no such room')
    if (lookup.kind === 'unavailable') {
      pollBackoff.fail()
      const delay = pollBackoff.delay(settings.pollIntervalMs)
      log(`room info unavailable (${lookup.reason}), next poll in ${delay} ms`)
      timers.after(delay, poll)
      return
    }
    pollBackoff.reset()
    seen = true
    roomHost = lookup.room.host
    if (lookup.room.locked) lockRoom()
    if (done) return
    link.ensureConnected()
    timers.after(settings.pollIntervalMs, poll)
  }

  function onRoomEvent(event: ShardLinkEvent) {
    if (event.type === 'welcome') roster.reset(event.playerIds)
    else if (event.type === 'joined') roster.join(event.id)
    else if (event.type === 'left') roster.leave(event.id)
    else if (event.type === 'locked') locked = true
    else return closeRoom('room exited')
    const next = roster.count()
    if (next !== count) {
      count = next
      deps.write({ status: 'monitoring', playerCount: count })
    }
    if (locked) lockRoom()
  }

  return {
    start() {
      timers.after(settings.giveUpMs, () => finish('failed', 'gave up waiting for the game to start'))
      poll()
    },
    dispose,
  }
}
