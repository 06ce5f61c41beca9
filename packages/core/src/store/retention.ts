// What only serves operations is kept for a bounded time: the event log 24 hours and at least
// its newest 10,000 (so a client that was away can catch up), webhook delivery logs 30 days,
// the audit log 90 days.
// Pruning deletes in small batches, each its own short transaction, yielding between them, so
// a request never waits behind more than one batch, however much has piled up.
import { type CoreContext, isoAfter } from '../common/context.ts'
import type { PrunedLog, StoreTx } from './store.ts'

const DAY = 24 * 60 * 60_000
export const EVENT_RETENTION = { ms: DAY, keep: 10_000 }
// A chat message's id is kept a day: long enough to see it again after any reconnect or takeover.
export const LOG_RETENTION_MS: Record<PrunedLog, number> = { webhook_logs: 30 * DAY, audit_log: 90 * DAY, chat_seen_messages: DAY }
/** Rows deleted per transaction at most. */
export const PRUNE_BATCH = 1000

export type PrunedCounts = Record<'events' | PrunedLog, number>

export interface PruneOptions {
  /** Rows per transaction (default PRUNE_BATCH). */
  batch?: number
  /** Checked between batches: true ends the run early (the server is stopping). */
  stopped?: () => boolean
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve))

export function createRetention(ctx: CoreContext) {
  const { store } = ctx
  const logs: Record<keyof PrunedCounts, (tx: StoreTx, limit: number) => Promise<number>> = {
    events: (tx, limit) => tx.pruneEvents(isoAfter(ctx, -EVENT_RETENTION.ms), EVENT_RETENTION.keep, limit),
    webhook_logs: (tx, limit) => tx.pruneLog('webhook_logs', isoAfter(ctx, -LOG_RETENTION_MS.webhook_logs), limit),
    audit_log: (tx, limit) => tx.pruneLog('audit_log', isoAfter(ctx, -LOG_RETENTION_MS.audit_log), limit),
    chat_seen_messages: (tx, limit) => tx.pruneLog('chat_seen_messages', isoAfter(ctx, -LOG_RETENTION_MS.chat_seen_messages), limit),
  }

  /** Deletes batches from one log until a batch comes back short. */
  async function pruneAll(name: keyof PrunedCounts, batch: number, stopped: () => boolean): Promise<number> {
    let total = 0
    for (;;) {
      const deleted = await store.transaction(async (tx) => {
        // Servers sharing the store take turns per batch, so two never race for the same rows.
        await tx.lock(`retention:${name}`)
        return logs[name](tx, batch)
      })
      total += deleted
      if (deleted < batch || stopped()) return total
      await yieldToRequests()
    }
  }

  return {
    /** Deletes everything the retention rules no longer keep; returns how many rows per log. */
    async prune(options: PruneOptions = {}): Promise<PrunedCounts> {
      const batch = options.batch ?? PRUNE_BATCH
      const stopped = options.stopped ?? (() => false)
      const counts = {} as PrunedCounts
      for (const name of Object.keys(logs) as (keyof PrunedCounts)[]) counts[name] = await pruneAll(name, batch, stopped)
      return counts
    },
  }
}

export type Retention = ReturnType<typeof createRetention>
