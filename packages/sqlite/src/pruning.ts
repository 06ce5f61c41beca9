// Retention on the sqlite store: one small batch per call, oldest first, found through the
// time index (`created_at`, the audit log's `at`), so a batch costs the same however long the log is.
import type { PrunedLog, StoreTx } from '@game-picker/core'
import type { SqlWriter } from './durable-db.ts'

type Pruning = Pick<StoreTx, 'pruneEvents' | 'pruneLog'>

export const EVENTS_PRUNED_THROUGH = 'events_pruned_through'

// The tables pruneLog may touch: the name is part of the SQL, so only these.
export const PRUNED_LOGS: Record<PrunedLog, { table: string; time: string }> = {
  webhook_logs: { table: 'webhook_logs', time: 'created_at' },
  audit_log: { table: 'audit_log', time: 'at' },
  chat_seen_messages: { table: 'chat_seen_messages', time: 'seen_at' },
}

/** A batch of events: the oldest by time, none of the newest `keep` (the boundary id). */
export const PRUNE_EVENTS = /* sql */ `DELETE FROM events WHERE id IN (
  SELECT id FROM events WHERE created_at < ? AND id <= ? ORDER BY created_at LIMIT ?)
RETURNING id`

/** A batch of a log's oldest rows, through the index on its time column. */
export const pruneLogSql = ({ table, time }: { table: string; time: string }) => /* sql */ `DELETE FROM ${table} WHERE id IN (
  SELECT id FROM ${table} WHERE ${time} < ? ORDER BY ${time} LIMIT ?)`

export function createPruning(db: SqlWriter, setSetting: StoreTx['setSetting']): Pruning {
  return {
    pruneEvents: async (before, keep, limit) => {
      // The newest id that may go: below the (keep + 1)th newest, counted over the rows.
      const boundary = db.get<{ id: number }>('SELECT id FROM events ORDER BY id DESC LIMIT 1 OFFSET ?', [keep])?.id
      if (boundary === undefined) return 0
      const deleted = db.all<{ id: number }>(PRUNE_EVENTS, [before, boundary, limit])
      if (deleted.length === 0) return 0
      const highest = Math.max(...deleted.map((row) => row.id))
      const pruned = Number(db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [EVENTS_PRUNED_THROUGH])?.value ?? 0)
      if (highest > pruned) await setSetting(EVENTS_PRUNED_THROUGH, String(highest))
      return deleted.length
    },
    pruneLog: async (log, before, limit) => {
      return db.run(pruneLogSql(PRUNED_LOGS[log]), [before, limit]).changes
    },
  }
}
