// A lease holder's sync (room monitors, chat connectors): run at start, every interval and
// whenever woken; wake-ups during a run coalesce into one more run, and a failure is reported,
// never thrown, so the next interval simply tries again.
import { coalesce } from './coalesce.ts'

export function createPeriodicSync(sync: () => Promise<void>, intervalMs: number, onError: (error: unknown) => void) {
  let timer: ReturnType<typeof setInterval> | undefined
  const syncer = coalesce(() => sync().catch(onError))
  return {
    /** Syncs now; calls made while a sync runs coalesce into one more. */
    wake: () => syncer.run(),
    /** Syncs at once, then every interval (the timer never keeps a process up). */
    async start(): Promise<void> {
      timer = setInterval(() => void syncer.run(), intervalMs)
      timer.unref()
      await syncer.run()
    },
    /** No more syncs; resolves once the one under way finished. */
    async stop(): Promise<void> {
      clearInterval(timer)
      await syncer.settled()
    },
  }
}
