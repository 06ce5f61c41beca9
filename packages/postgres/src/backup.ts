// Backups of a PostgreSQL database: a file database (the same format `serve --db FILE` opens)
// holding one snapshot of every table, taken while servers go on writing. The reading is here:
// one REPEATABLE READ READ ONLY transaction on a connection of its own, each table read a page at
// a time in the order of its key (keyset, never OFFSET: each page is an index range scan), so
// memory holds a page, not a table. The file is written by the `SnapshotFileWriter` the caller
// hands in (the sqlite store's; the CLI wires them together), so this package needs no sqlite.
//
// One backup of a database at a time, whoever asks: a session-level advisory lock, taken without
// waiting, refuses a second one (another server's schedule, or `db backup` beside it) with
// CONFLICT; it is released when the backup's connection ends, also when its process dies.
import {
  BACKUP_RUNNING, conflict, DomainError, type SnapshotFileWriter, type StoreBackup, type TableName, type TableRow, type TableSnapshot,
} from '@game-picker/core'
import pg from 'pg'
import { BACKUP_LOCK } from './advisory-locks.ts'
import { createDb, type Db, type SqlValue } from './db.ts'
import { toStoreError } from './errors.ts'
import { startUp } from './migrate.ts'
import { connectionConfig, type PoolLimits } from './pool.ts'
import { readIdHighWater, tableSelect } from './tables.ts'
import { describeUrl } from './url.ts'

/** Rows per page: a page is read, written into the file and rested after as one step (see the writer). */
export const BACKUP_PAGE_ROWS = 500

export interface PostgresBackupOptions extends PoolLimits {
  url: string
  /** Writes the snapshot into the file (the sqlite store's writer). */
  writeFile: SnapshotFileWriter
}

export interface PostgresBackup extends StoreBackup {
  /** Ends a backup under way (it rejects, its partial file removed): the store is closing. */
  close(): Promise<void>
}

export function createPostgresBackup(options: PostgresBackupOptions): PostgresBackup {
  let running: pg.Client | undefined
  let claimed = false
  return {
    get running() { return claimed },
    async copyTo(target) {
      if (claimed) throw conflict(BACKUP_RUNNING)
      claimed = true
      // A page takes milliseconds, but a slow disk on the file's side must not fail the backup.
      // Named for its process in pg_stat_activity: which one holds the snapshot (and the lock).
      const client = new pg.Client({
        ...connectionConfig(options.url, { ...options, queryTimeoutMs: 60_000 }), application_name: `game-picker backup (pid ${process.pid})`,
      })
      client.on('error', () => {}) // the statement under way rejects with it
      running = client
      try {
        await client.connect().catch((error) => { throw toStoreError(error) })
        const db = createDb(client)
        if (!(await db.get<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [BACKUP_LOCK]))!.locked) {
          throw conflict(BACKUP_RUNNING)
        }
        // Idle between pages while the file is written: no timeout for that, and the snapshot
        // holds no lock a writer would wait for (only vacuum's horizon, until it ends).
        await db.run('SET idle_in_transaction_session_timeout = 0')
        await db.run('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
        return await options.writeFile(snapshotOf(db, describeUrl(options.url)), target)
      } finally {
        running = undefined
        claimed = false
        await client.end().catch(() => {}) // ends the transaction and releases the lock
      }
    },
    async close() {
      await running?.end().catch(() => {})
    },
  }
}

/** The transaction's snapshot as pages; `finished` commits it, so the check of the file does not hold it open. */
function snapshotOf(db: Db, label: string): TableSnapshot {
  let finished = false
  const read = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (finished) throw new Error('the backup snapshot has ended')
    return fn().catch((error) => { throw toStoreError(error) })
  }
  return {
    label,
    // Sequences are outside the snapshot: their marks are as of now, at or above every id in it.
    idHighWater: () => read(() => readIdHighWater(db)),
    pages: (table, size) => pagesOf(db, table, size, read),
    async finished() {
      if (finished) return
      finished = true
      await db.run('COMMIT').catch((error) => { throw toStoreError(error) })
    },
  }
}

async function* pagesOf(
  db: Db, table: TableName, size: number, read: <T>(fn: () => Promise<T>) => Promise<T>,
): AsyncIterable<TableRow[]> {
  const { select, key } = tableSelect(table)
  const names = key.map((column) => column.replace(/^\w+\./, '')) // g.id: the row's id
  const order = `ORDER BY ${key.join(', ')} LIMIT ${Math.max(1, Math.floor(size))}`
  const after = `WHERE (${key.join(', ')}) > (${key.map((_, i) => `$${i + 1}`).join(', ')})`
  let last: TableRow | undefined
  for (;;) {
    const page = await read(() => last
      ? db.all<TableRow>(`${select} ${after} ${order}`, names.map((name) => last![name] as SqlValue))
      : db.all<TableRow>(`${select} ${order}`))
    if (page.length === 0) return
    yield page
    if (page.length < size) return
    last = page.at(-1)
  }
}

/**
 * `db backup --db URL`: a backup without a store. A database with no Game Picker schema has
 * nothing to back up (NOT_FOUND; nothing is created in it); one an older version set up is
 * migrated first, as a server starting on it would, so its columns are the file's.
 */
export async function backupPostgresDatabase(options: PostgresBackupOptions & { target: string }): Promise<{ bytes: number }> {
  const client = new pg.Client(connectionConfig(options.url, options))
  client.on('error', () => {})
  try {
    await client.connect()
    const { rows } = await client.query<{ found: boolean }>(`SELECT to_regclass('store_setup') IS NOT NULL AS found`)
    if (!rows[0].found) throw new DomainError('NOT_FOUND', `${describeUrl(options.url)} holds no Game Picker database; there is nothing to back up`)
  } catch (error) {
    throw toStoreError(error)
  } finally {
    await client.end().catch(() => {})
  }
  await startUp(options.url, options).catch((error) => { throw toStoreError(error) })
  return createPostgresBackup(options).copyTo(options.target)
}
