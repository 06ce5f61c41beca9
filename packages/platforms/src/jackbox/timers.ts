// A monitor's timers on the injected clock, cancelled together when it stops.
import type { Clock } from '@game-picker/core'

/** Timers on the injected clock that can all be cancelled at once, so nothing outlives a monitor. */
export interface Timers {
  after(ms: number, fn: () => void): unknown
  cancel(handle: unknown): void
  cancelAll(): void
}

export function createTimers(clock: Clock): Timers {
  const pending = new Set<unknown>()
  return {
    after(ms, fn) {
      const handle = clock.setTimeout(() => {
        pending.delete(handle)
        fn()
      }, ms)
      pending.add(handle)
      return handle
    },
    cancel(handle) {
      if (!pending.delete(handle)) return
      clock.clearTimeout(handle)
    },
    cancelAll() {
      for (const handle of pending) clock.clearTimeout(handle)
      pending.clear()
    },
  }
}
