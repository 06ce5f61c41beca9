// The event log as the live stream reads it. Events are kept for 24 hours and, beyond that, at
// least the newest 10,000 (retention.ts prunes them), so a client that was away can catch up;
// one that was away longer is told to reload its state.
import type { CoreContext } from '../common/context.ts'
import type { StoredEvent } from '../store/store.ts'

export function createEventLog(ctx: CoreContext) {
  const { store } = ctx
  return {
    /** Events with an id above `afterId`, ascending. */
    after: (afterId: number, limit: number): Promise<StoredEvent[]> =>
      store.read((tx) => tx.listEventsAfter(afterId, limit)),
    /** The newest event's id (0 when none). */
    lastId: (): Promise<number> => store.read((tx) => tx.lastEventId()),
    /** The highest id no longer kept: a client that saw less than this missed events. */
    prunedThrough: async (): Promise<number> =>
      Number((await store.read((tx) => tx.getSetting('events_pruned_through'))) ?? 0),
  }
}
