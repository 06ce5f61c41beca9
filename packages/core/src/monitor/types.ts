import type { Clock } from './clock.ts'

export type PlayerCheckStatus = 'monitoring' | 'completed' | 'failed' | 'stopped'

/** `playerCount` omitted means "leave the stored count as it is". */
export interface PlayerCheckUpdate {
  status: PlayerCheckStatus
  playerCount?: number | null
}

/** Where the monitor records its progress: the session game row, in the real server. */
export interface PlayerCheckSink {
  update(sessionGameId: number, change: PlayerCheckUpdate): Promise<void>
}

export interface RoomMonitorOptions {
  sink: PlayerCheckSink
  /** Base URL of the ecast service; the caller reads ECAST_URL. */
  ecastUrl?: string
  pollIntervalMs?: number
  probeIntervalMs?: number
  giveUpMs?: number
  maxBackoffMs?: number
  clock?: Clock
  /** Stable user id for the shard connection; defaults to one per session game. */
  userId?: string
  log?: (message: string) => void
}

export interface RoomMonitors {
  /** Starts or restarts; writes `{ status: 'monitoring' }` first. */
  start(sessionGameId: number, roomCode: string): void
  /** Closes socket and timers, then writes `{ status: 'stopped' }`. */
  stop(sessionGameId: number): Promise<void>
  /** Closes socket and timers WITHOUT recording anything (the row was stopped or taken over elsewhere). */
  halt(sessionGameId: number): void
  isRunning(sessionGameId: number): boolean
  /** The session games watched now. */
  runningIds(): number[]
  /** Server shutdown: closes everything WITHOUT changing statuses, so 'monitoring' rows resume after a restart. */
  close(): Promise<void>
}
