import type { RoomRecord } from '../store.ts'
import type { RoomState } from '../types.ts'
import type { Clock } from './clock.ts'
import type { RoomLookup } from './ecast-client.ts'

export type PlayerCheckStatus = 'monitoring' | 'completed' | 'failed' | 'stopped'

/** `playerCount` omitted means "leave the stored count as it is". */
export interface PlayerCheckUpdate {
  status: PlayerCheckStatus
  playerCount?: number | null
}

/**
 * What the follower saw of the room. `players` null: no roster read yet (keep the stored one).
 * `following` false: the last report, the follower stops (room gone, never found, or time up).
 */
export interface RoomReport {
  state: RoomState
  appTag: string | null
  maxPlayers: number | null
  audienceEnabled: boolean | null
  locked: boolean
  players: RoomRecord['players'] | null
  following: boolean
  /**
   * The player check's count while the check runs (absent once it finished, or before a count):
   * recorded on the session game in the room's own transaction, so a roster change is one write.
   */
  checkCount?: number
}

/** Where the monitor records its progress: the session game row and its room, in the real server. */
export interface PlayerCheckSink {
  update(sessionGameId: number, change: PlayerCheckUpdate): Promise<void>
  room(sessionGameId: number, report: RoomReport): Promise<void>
}

export interface RoomMonitorOptions {
  sink: PlayerCheckSink
  /** Base URL of the ecast service; the caller reads ECAST_URL. */
  ecastUrl?: string
  pollIntervalMs?: number
  probeIntervalMs?: number
  giveUpMs?: number
  maxBackoffMs?: number
  /** At most one room report per this time (default 1 s). */
  reportIntervalMs?: number
  clock?: Clock
  /** Stable user id for the shard connection; defaults to one per session game. */
  userId?: string
  log?: (message: string) => void
}

/** How a follower starts: a room resumed after its check finished must not restart the check. */
export interface FollowOptions {
  /** The player check already finished (default false: it runs, `{ status: 'monitoring' }` is written first). */
  checkDone?: boolean
  /** Clock time when following stops at the latest (default: 6 hours from now). */
  followUntil?: number
}

export interface RoomMonitors {
  /** Starts or restarts following the room. */
  start(sessionGameId: number, roomCode: string, options?: FollowOptions): void
  /** Closes socket and timers, then writes `{ status: 'stopped' }`. */
  stop(sessionGameId: number): Promise<void>
  /** Closes socket and timers WITHOUT recording anything (the row was stopped or taken over elsewhere). */
  halt(sessionGameId: number): void
  /** Asks the room service about a room once (POST /api/sessions/{id}/rooms). */
  readRoom(code: string, signal?: AbortSignal): Promise<RoomLookup>
  isRunning(sessionGameId: number): boolean
  /** The session games watched now. */
  runningIds(): number[]
  /** Server shutdown: closes everything WITHOUT changing statuses, so 'monitoring' rows resume after a restart. */
  close(): Promise<void>
}
