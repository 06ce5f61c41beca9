// Which server watches which Jackbox room. Each monitored session game is leased to one server,
// which renews the lease while it watches; when that server dies its leases run out and another
// server takes the monitors over (within the lease plus one sync interval).
import { type CoreContext, isoAfter, isoNow } from '../common/context.ts'
import type { ClaimedRoom, RoomRecord } from '../store/store.ts'

export const MONITOR_LEASE_MS = 20_000

/** A claimed room with the roster its last follower stored, which the new one goes on from. */
export type ResumedRoom = ClaimedRoom & { players: RoomRecord['players'] }

export function createMonitorLeases(ctx: CoreContext) {
  const { store, instanceId } = ctx
  const leaseEnd = () => isoAfter(ctx, MONITOR_LEASE_MS)
  return {
    /** Leases followed rooms nobody holds to this server; returns those to start following. */
    claim: (limit = 100): Promise<ResumedRoom[]> =>
      store.transaction(async (tx) => {
        const resumed: ResumedRoom[] = []
        for (const room of await tx.claimMonitors(instanceId, isoNow(ctx), leaseEnd(), limit)) {
          resumed.push({ ...room, players: (await tx.getRoom(room.id))?.players ?? [] })
        }
        return resumed
      }),
    /** Extends this server's leases; returns the ids it still holds (the others were stopped or taken). */
    renew: async (ids: readonly number[]): Promise<number[]> =>
      ids.length === 0 ? [] : store.transaction((tx) => tx.renewMonitors(instanceId, ids, leaseEnd())),
    /** Gives this server's leases up (shutdown), so another server takes them at once. */
    release: async (ids: readonly number[]): Promise<void> => {
      if (ids.length === 0) return
      await store.transaction(async (tx) => {
        for (const id of ids) await tx.releaseMonitor(id, instanceId)
      })
    },
  }
}
