// The failed-login limit: 10 failures from one address within 15 minutes lock
// it out. Failures are kept in the store, so the limit counts across every server sharing it
// and survives a restart.
import { type CoreContext, isoAfter, isoNow } from '../common/context.ts'

export const LOGIN_LIMIT = { windowMs: 15 * 60_000, maxFailures: 10 }

export function createLoginLimit(ctx: CoreContext) {
  const { store } = ctx
  const windowStart = () => isoAfter(ctx, -LOGIN_LIMIT.windowMs)
  return {
    /** The address failed too often lately. */
    isBlocked: async (address: string): Promise<boolean> =>
      (await store.read((tx) => tx.countLoginFailures(address, windowStart()))) >= LOGIN_LIMIT.maxFailures,
    recordFailure: (address: string): Promise<void> =>
      store.transaction(async (tx) => {
        await tx.pruneLoginFailures(windowStart())
        await tx.recordLoginFailure(address, isoNow(ctx))
      }),
  }
}
