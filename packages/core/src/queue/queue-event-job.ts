// A server's look for a viewer queue event that another process left pending (a CLI command on
// the same database does not wait out the second): at start and every few seconds.
import { createPeriodicSync } from '../common/periodic-sync.ts'
import type { Core } from '../core.ts'

export function createQueueEventJob(core: Core, options: { intervalMs?: number; log: (line: string) => void }) {
  return createPeriodicSync(async () => core.queue.sendPendingEvent(), options.intervalMs ?? 5000,
    (error) => options.log(`could not send the queue's event: ${String(error)}`))
}
