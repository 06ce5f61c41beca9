// The follower of one room: REST polls for its existence and lock, the shard link for its roster.
import { createBackoff } from '../common/backoff.ts'
import type { Clock, PlayerCheckUpdate, RoomReport } from '@game-picker/core'
import type { RoomInfo, RoomLookup } from '@game-picker/core'
import type { RosterPlayer } from './player-roster.ts'
import type { EcastClient } from './ecast-client.ts'
import { createPlayerRoster } from './player-roster.ts'
import { createRoomReporter } from './room-reporter.ts'
import { createShardLink, type ShardLinkEvent } from './shard-link.ts'
import { createTimers } from './timers.ts'

export interface MonitorSettings {
  pollIntervalMs: number
  probeIntervalMs: number
  giveUpMs: number
  maxBackoffMs: number
  /** Room reports: at most one per this time (the last state always follows). */
  reportIntervalMs: number
}

export interface RoomMonitorDeps {
  roomCode: string
  userId: string
  ecast: EcastClient
  clock: Clock
  settings: MonitorSettings
  /** The player check was finished before this monitor started (it resumes a followed room). */
  checkDone: boolean
  /** The roster stored by the room's previous follower (empty for a room followed afresh). */
  players: readonly RosterPlayer[]
  /** When following stops at the latest (clock time). */
  followUntil: number
  write: (change: PlayerCheckUpdate) => void
  report: (report: RoomReport) => void
  log: (message: string) => void
  /** Called once when the monitor stops following on its own. */
  onFinished: () => void
}

export interface RoomMonitor {
  start(): void
  /** Stops all I/O and timers without writing anything. */
  dispose(): void
}

/**
 * The follower of one session game's room. REST polls (one per interval, slower after trouble)
 * decide whether the room exists and whether it is locked; the shard link keeps the roster.
 * The player check finishes at the lock (the count then is kept); following goes on until
 * the room ends, is never found, or the follow time is up.
 */
export function createRoomMonitor(deps: RoomMonitorDeps): RoomMonitor {
  const { roomCode, ecast, settings, log } = deps
  const timers = createTimers(deps.clock)
  const requests = new AbortController()
  const roster = createPlayerRoster(deps.players)
  const pollBackoff = createBackoff(settings.maxBackoffMs)
  let done = false
  let checkDone = deps.checkDone
  let seen = false // the room answered 200 at least once
  let rosterRead = false // a welcome arrived: the roster is the room's, not empty for want of one
  let locked = false
  let info: RoomInfo | null = null
  let count: number | null = null
  const reporter = createRoomReporter({ timers, clock: deps.clock, intervalMs: settings.reportIntervalMs, send: deps.report })
  const link = createShardLink(
    {
      getUrl: () => ecast.getShardUrl(roomCode, info?.host ?? '', deps.userId),
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

  function snapshot(state: RoomReport['state'], following: boolean): RoomReport {
    return {
      state, locked, following, appTag: info?.appTag ?? null, maxPlayers: info?.maxPlayers ?? null,
      audienceEnabled: info?.audienceEnabled ?? null, players: rosterRead ? roster.players() : null,
      ...(checkDone || count === null ? {} : { checkCount: count }),
    }
  }
  const currentState = (): RoomReport['state'] => (!seen ? 'unknown' : locked ? 'playing' : 'lobby')

  function finishCheck(status: 'completed' | 'failed', why: string) {
    if (checkDone) return
    checkDone = true
    log(`player check ${status} (${why}), player count ${count ?? 'unknown'}`)
    deps.write(status === 'completed' ? { status, playerCount: count } : { status })
  }

  /** Following ends: the last report goes at once, then nothing more. */
  function stopFollowing(state: RoomReport['state'], why: string) {
    if (done) return
    log(`stopped following (${why})`)
    reporter.final(snapshot(state, false))
    dispose()
    deps.onFinished()
  }

  /** The game started: the count at this moment is the check's result. Without one yet, the next welcome gives it. */
  function lockRoom() {
    locked = true
    if (count !== null) finishCheck('completed', 'room locked')
  }

  function closeRoom(why: string) {
    finishCheck(count === null ? 'failed' : 'completed', why)
    stopFollowing('ended', why)
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
    if (lookup.kind === 'missing') {
      if (seen) return closeRoom('room gone')
      finishCheck('failed', 'no such room')
      return stopFollowing('unknown', 'no such room')
    }
    if (lookup.kind === 'unavailable') {
      pollBackoff.fail()
      const delay = pollBackoff.delay(settings.pollIntervalMs)
      log(`room info unavailable (${lookup.reason}), next poll in ${delay} ms`)
      timers.after(delay, poll)
      return
    }
    pollBackoff.reset()
    seen = true
    info = lookup.room
    if (lookup.room.locked) lockRoom()
    reporter.changed(snapshot(currentState(), true))
    link.ensureConnected()
    timers.after(settings.pollIntervalMs, poll)
  }

  function onRoomEvent(event: ShardLinkEvent) {
    if (event.type === 'exited') return closeRoom('room exited')
    if (event.type === 'welcome') {
      roster.reset(event.players)
      rosterRead = true
    } else if (event.type === 'joined') roster.join(event.id, event.name)
    else if (event.type === 'left') roster.leave(event.id)
    else if (event.type === 'locked') locked = true
    // The running count goes with the room report (coalesced with it), not as a write of its own.
    count = roster.count()
    if (locked) lockRoom()
    reporter.changed(snapshot(currentState(), true))
  }

  return {
    start() {
      timers.after(settings.giveUpMs, () => {
        if (!locked) finishCheck('failed', 'gave up waiting for the game to start')
      })
      timers.after(Math.max(0, deps.followUntil - deps.clock.now()), () => stopFollowing(currentState(), 'follow time is up'))
      poll()
    },
    dispose,
  }
}
