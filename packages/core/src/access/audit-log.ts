// The audit log: who changed what (and every failed login), kept 90 days. Entries never hold a
// body, a key or a token: the actor is "admin", "token:NAME" or "anonymous", the path has no
// query string.
//
// A request's entry is known only once its answer is (the status), after the change it records
// has committed, so it cannot share that transaction. It is not awaited by the answer either: it
// waits in memory, at most BATCH_DELAY_MS, and goes with every entry that waited meanwhile in one
// insert, one transaction. A bot voting once a second then costs one small transaction per tenth
// of a second at most, not one per vote (on PostgreSQL a transaction is four statements; written
// per request, the log doubled the statements of a live vote). What this process holds is written
// before it lists the log and when the server stops.
import { coalesce } from '../common/coalesce.ts'
import { type CoreContext, isoNow } from '../common/context.ts'
import { invalidInput } from '../common/errors.ts'
import type { NewAuditEntry } from '../store/store.ts'
import type { AuditEntry } from '../common/types.ts'

const LIMIT = { default: 100, max: 500 }
/** Entries per insert at most; a longer queue goes in several transactions. */
const BATCH = 500
/** How long an entry may wait for others to share its transaction. */
export const BATCH_DELAY_MS = 100

export type AuditRecord = Omit<NewAuditEntry, 'at'>

function readLimit(value: unknown): number {
  if (value === undefined || value === '') return LIMIT.default
  const limit = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : NaN
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT.max) throw invalidInput(`limit must be an integer from 1 to ${LIMIT.max}`)
  return limit
}

function readBefore(value: unknown): number | null {
  if (value === undefined || value === '') return null
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value) || Number(value) < 1) throw invalidInput('before must be a positive integer')
  return Number(value)
}

export function createAuditLog(ctx: CoreContext, log: (line: string) => void = () => {}) {
  const waiting: NewAuditEntry[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const writer = coalesce(async () => {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, BATCH)
      try {
        await ctx.store.transaction((tx) => tx.insertAuditEntries(batch))
      } catch (error) {
        // Kept for the next run (the database may be back by then), up to a bound.
        waiting.unshift(...batch.slice(0, 10_000 - waiting.length))
        log(`Could not write ${batch.length} audit log entries: ${(error as Error).message}`)
        return
      }
    }
  })

  function writeNow(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    return waiting.length > 0 ? writer.run() : writer.settled()
  }

  return {
    /** Queues one entry, stamped now; written with the next batch. */
    record(entry: AuditRecord): void {
      waiting.push({ at: isoNow(ctx), actor: entry.actor, method: entry.method, path: entry.path, status: entry.status })
      timer ??= setTimeout(() => {
        timer = undefined
        void writer.run()
      }, BATCH_DELAY_MS)
      timer.unref?.()
    },
    /** Writes what waits now; resolves when it is stored (or failed and was logged). */
    flush: (): Promise<void> => writeNow(),
    /** Newest first; `limit` 1 to 500 (default 100), `before` an entry id to page back from. */
    list: async (query: { limit?: unknown; before?: unknown } = {}): Promise<AuditEntry[]> => {
      const limit = readLimit(query.limit)
      const before = readBefore(query.before)
      await writeNow()
      return ctx.store.read((tx) => tx.listAuditEntries(limit, before))
    },
  }
}

export type AuditLog = ReturnType<typeof createAuditLog>
