// Retention in the background of a serving process: a run at start, then one every interval
// (10 minutes by default). A run that fails is logged and tried again at the next interval.
import type { Core } from '../core.ts'
import { type Clock, systemClock } from '../common/clock.ts'
import type { PrunedCounts, PruneOptions } from './retention.ts'

export interface RetentionJobOptions {
  intervalMs?: number
  /** Timers; injectable so tests drive them. */
  clock?: Clock
  /** Rows per transaction (default PRUNE_BATCH). */
  batch?: PruneOptions['batch']
  log?: (message: string) => void
  /** Called after each run that completed, with what it deleted. */
  onRun?: (counts: PrunedCounts) => void
}

export function createRetentionJob(core: Core, options: RetentionJobOptions = {}) {
  const clock = options.clock ?? systemClock
  const intervalMs = options.intervalMs ?? 10 * 60_000
  let stopped = true
  let timer: unknown
  let running: Promise<void> | null = null

  function schedule(): void {
    if (stopped) return
    timer = clock.setTimeout(() => void run(), intervalMs)
    ;(timer as { unref?: () => void })?.unref?.() // never keeps a process up
  }

  function run(): Promise<void> {
    running = core.retention.prune({ batch: options.batch, stopped: () => stopped })
      .then((counts) => options.onRun?.(counts))
      .catch((error: unknown) => options.log?.(`retention: pruning failed: ${String(error)}`))
      .finally(() => {
        running = null
        schedule()
      })
    return running
  }

  return {
    /** Runs once now, then every interval. */
    start(): void {
      if (!stopped) return
      stopped = false
      void run()
    },
    /** Resolves when no run is under way. */
    settled: async (): Promise<void> => void (await running),
    /** Stops scheduling; a run under way ends after its current batch. */
    async stop(): Promise<void> {
      stopped = true
      clock.clearTimeout(timer)
      await running
    },
  }
}

export type RetentionJob = ReturnType<typeof createRetentionJob>
