// Keeps a room's shard socket open, renewing it every probe interval and backing off after failures.
import { createBackoff } from '../common/backoff.ts'
import { openRoomSocket, type RoomSocket, type RoomSocketEvent } from './room-socket.ts'
import type { Timers } from './timers.ts'

/** Room events as the monitor sees them: a welcome (fresh `here`) and what follows on that socket. */
export type ShardLinkEvent = Exclude<RoomSocketEvent, { type: 'error' } | { type: 'closed' }>

export interface ShardLinkOptions {
  /** Built per attempt, so a moved room host is picked up. */
  getUrl: () => string
  timers: Timers
  probeIntervalMs: number
  maxBackoffMs: number
  log: (message: string) => void
}

export interface ShardLink {
  /** Connects now unless already connected or waiting to. */
  ensureConnected(): void
  close(): void
}

/**
 * Keeps one shard WebSocket to the room. Every probe interval a fresh connection is opened and,
 * once its welcome arrives, replaces the old one: the welcome's `here` is the only player list
 * for games that never send `client/connected` to shards. Failed attempts back off.
 */
export function createShardLink(options: ShardLinkOptions, onEvent: (event: ShardLinkEvent) => void): ShardLink {
  const { timers, log } = options
  const backoff = createBackoff(options.maxBackoffMs)
  let current: RoomSocket | null = null // delivers joins, lock and exit
  let probe: RoomSocket | null = null // becomes current on its welcome
  let refreshTimer: unknown = null

  function connect() {
    refreshTimer = null
    probe?.close()
    const socket = openRoomSocket(options.getUrl(), (event) => {
      if (socket === probe) onProbeEvent(socket, event)
      else if (socket === current) onCurrentEvent(event)
    })
    probe = socket
  }

  function scheduleConnect(ms: number) {
    timers.cancel(refreshTimer)
    refreshTimer = timers.after(ms, connect)
  }

  function onProbeEvent(socket: RoomSocket, event: RoomSocketEvent) {
    if (event.type === 'welcome') {
      current?.close()
      current = socket
      probe = null
      backoff.reset()
      scheduleConnect(options.probeIntervalMs)
      onEvent(event)
    } else if (event.type === 'error') {
      log(`room socket refused: ${event.code} ${event.message}`) // e.g. 2420 rate limit exceeded
    } else if (event.type === 'closed') {
      probe = null
      backoff.fail()
      const delay = backoff.delay(options.probeIntervalMs)
      log(`room socket failed (${event.reason}), next attempt in ${delay} ms`)
      scheduleConnect(delay)
    }
  }

  function onCurrentEvent(event: RoomSocketEvent) {
    if (event.type === 'error') log(`room socket error: ${event.code} ${event.message}`)
    else if (event.type === 'closed') current = null // the scheduled probe reconnects
    else onEvent(event)
  }

  return {
    ensureConnected() {
      if (current === null && probe === null && refreshTimer === null) connect()
    },
    close() {
      timers.cancel(refreshTimer)
      refreshTimer = null
      current?.close()
      probe?.close()
      current = probe = null
    },
  }
}
