// Keeps this server's room monitors in step with the leases in the store: every interval (and
// when told that monitor state changed) it renews the leases of the rooms it follows, stops
// following those it no longer holds (stopped, or taken by another server), and starts following
// rooms nobody holds (new ones, or a dead server's).
import { createPeriodicSync } from '../common/periodic-sync.ts'
import type { ResumedRoom } from './monitor-leases.ts'
import type { RoomMonitors } from './room-service.ts'

/** The lease use cases of the core, as the coordinator needs them. */
export interface MonitorLeasePort {
  claim(): Promise<ResumedRoom[]>
  renew(ids: readonly number[]): Promise<number[]>
  release(ids: readonly number[]): Promise<void>
}

export interface MonitorCoordinatorOptions {
  leases: MonitorLeasePort
  monitors: RoomMonitors
  /** How often leases are renewed and claimed; well under the lease (20 s). Default 5 s. */
  intervalMs?: number
  log?: (message: string) => void
}

export function createMonitorCoordinator({ leases, monitors, intervalMs = 5000, log = () => {} }: MonitorCoordinatorOptions) {

  async function sync(): Promise<void> {
    const watched = monitors.runningIds()
    const held = new Set(await leases.renew(watched))
    for (const id of watched) if (!held.has(id)) monitors.halt(id)
    for (const room of await leases.claim()) {
      monitors.start(room.id, room.room_code, {
        checkDone: room.player_count_check_status !== 'monitoring', followUntil: Date.parse(room.follow_until),
        players: room.players,
      })
    }
  }

  const syncing = createPeriodicSync(sync, intervalMs, (error) => log(`room monitors: could not sync leases: ${String(error)}`))

  return {
    wake: syncing.wake,
    /** Syncs at once (resuming monitors after a restart) and then every interval. */
    start: syncing.start,
    /** Stops watching and gives the leases up, so another server takes the rooms at once. */
    async stop(): Promise<void> {
      await syncing.stop()
      const watched = monitors.runningIds()
      await monitors.close()
      await leases.release(watched).catch((error: unknown) => log(`room monitors: could not release leases: ${String(error)}`))
    },
  }
}
