// How the Jackbox room monitors are set up: the room service's address and their timings.
import type { Clock, PlayerCheckSink } from '@game-picker/core'

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

