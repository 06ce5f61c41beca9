// What every use case module receives from createCore.
import type { Store } from './store.ts'

export interface CoreContext {
  store: Store
  /** The clock; injectable so tests control time. */
  now: () => Date
  /** A number in [0, 1); injectable so picks can be repeated (see createSeededRandom). */
  random: () => number
  /** A unique id (webhook delivery ids). */
  newId: () => string
  /** Called after a transaction that queued webhook deliveries has committed. */
  deliveriesQueued: () => void
}

export const isoNow = (ctx: CoreContext) => ctx.now().toISOString()
