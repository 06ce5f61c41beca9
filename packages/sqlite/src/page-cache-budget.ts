// SQLite's page cache limit (cache_size) counts every page the cache holds, and the pages a
// write transaction changed cannot leave it before the commit (cache_spill is off, see
// durable-db.ts): past the limit the cache keeps them all anyway, and only the clean pages are
// evicted. A transaction that changed more than the limit therefore leaves room for one clean
// page or two, and every clean page it needs again is read again: a 1M-message chat import
// read the sessions and session_games pages from the file (their foreign keys' parent rows)
// twice per message, more per message the bigger the import.
//
// So while a write transaction grows, the limit grows with it: the configured size for the
// clean pages, plus the pages the transaction has added to the database so far (all of them
// changed, so held in any case). It returns to the configured size after the commit or
// rollback, and SQLite frees what is over it then. Small transactions never pay for the check.
import type { SqlReader } from './sql-types.ts'

// Statements a write transaction runs before its size is looked at, and between looks. A live
// vote's transaction runs a handful; a bulk import writes 100 rows per statement.
const CHECK_EVERY = 16

export interface PageCacheBudget {
  /** After each statement that may change data. */
  afterWrite(): void
  /** After the transaction committed or rolled back. */
  end(): void
}

/** One write transaction's budget; `conn` runs the PRAGMAs outside the journal, `cacheKiB` is the configured cache_size. */
export function createPageCacheBudget(conn: SqlReader & { exec(sql: string): void }, cacheKiB: number): PageCacheBudget {
  let statements = 0
  // The database's size at the first look, a few statements in (their pages are not counted).
  let first: { pages: number; pageKiB: number } | undefined
  let addedKiB = 0
  const pragma = (name: string) => Number(conn.get(`PRAGMA ${name}`)?.[name] ?? 0)
  return {
    afterWrite() {
      if (++statements % CHECK_EVERY !== 0) return
      if (!first) {
        first = { pages: pragma('page_count'), pageKiB: pragma('page_size') / 1024 }
        return
      }
      const added = (pragma('page_count') - first.pages) * first.pageKiB
      if (added <= addedKiB) return
      addedKiB = added
      conn.exec(`PRAGMA cache_size = -${cacheKiB + addedKiB}`)
    },
    end() {
      if (addedKiB > 0) conn.exec(`PRAGMA cache_size = -${cacheKiB}`)
    },
  }
}
