// Retention on PostgreSQL: one small batch per call, oldest first through the time index. The
// core takes a transaction lock per log around each batch, so instances pruning at the same
// moment take turns; SKIP LOCKED leaves alone rows another transaction is deleting (a webhook's
// removal cascading into its logs), so a batch never waits on them.
import type { PrunedLog, StoreTx } from '@game-picker/core'
import type { Db } from './db.ts'

type Pruning = Pick<StoreTx, 'pruneEvents' | 'pruneLog'>

// The tables pruneLog may touch: the name is part of the SQL, so only these.
const PRUNED_LOGS: Record<PrunedLog, { table: string; time: string }> = {
  webhook_logs: { table: 'webhook_logs', time: 'created_at' },
  audit_log: { table: 'audit_log', time: 'at' },
  chat_seen_messages: { table: 'chat_seen_messages', time: 'seen_at' },
}

export function createPruning(db: Db): Pruning {
  return {
    pruneEvents: async (before, keep, limit) => {
      // Below the (keep + 1)th newest id, counted over the rows: identity ids may have gaps.
      const deleted = await db.all<{ id: string | number }>(
        `DELETE FROM events WHERE id IN (
           SELECT id FROM events
           WHERE created_at < $1 AND id <= (SELECT id FROM events ORDER BY id DESC LIMIT 1 OFFSET $2)
           ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING id`, [before, keep, limit])
      if (deleted.length === 0) return 0
      const highest = Math.max(...deleted.map((row) => Number(row.id)))
      await db.run(
        `INSERT INTO settings (key, value) VALUES ('events_pruned_through', $1) ON CONFLICT (key) DO UPDATE
         SET value = GREATEST(settings.value::bigint, excluded.value::bigint)::text`, [String(highest)])
      return deleted.length
    },
    pruneLog: async (log, before, limit) => {
      const { table, time } = PRUNED_LOGS[log]
      return db.run(
        `DELETE FROM ${table} WHERE id IN (
           SELECT id FROM ${table} WHERE ${time} < $1 ORDER BY ${time} LIMIT $2 FOR UPDATE SKIP LOCKED)`,
        [before, limit])
    },
  }
}
