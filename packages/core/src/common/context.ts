// What every use case module receives from createCore.
import type { ChangeTopic, Store } from '../store/store.ts'

export interface CoreContext {
  store: Store
  /** The clock; injectable so tests control time. */
  now: () => Date
  /** A number in [0, 1); injectable so picks can be repeated (see createSeededRandom). */
  random: () => number
  /** A unique id (webhook delivery ids). */
  newId: () => string
  /** This process among those sharing the store: the owner of its leases. */
  instanceId: string
  /** Called after a transaction of this process committed a change of that kind. */
  changed: (topic: ChangeTopic) => void
}

export const isoNow = (ctx: CoreContext) => ctx.now().toISOString()

/** `ms` after the context's clock, as ISO text (lease ends, time windows). */
export const isoAfter = (ctx: CoreContext, ms: number) => new Date(ctx.now().getTime() + ms).toISOString()
