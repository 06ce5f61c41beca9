// A durable database on top of sql.js: the database lives in memory, every
// committed write transaction is appended to `<file>-journal` and fsynced before `write`
// resolves, and checkpoints rewrite the whole file atomically and empty the journal.
import { readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { createRequire } from 'node:module'
import type { SqlJsStatic } from 'sql.js'
import { isCode, readCheckpointSeq, syncDirectory, writeCheckpoint } from './checkpoint.ts'
import { type JournalStatement, type JournalStats, type JournalWriter, openJournalWriter, readJournal, replayJournal } from './journal.ts'
import { acquireLock, type FileLock } from './lock.ts'
import { createMutex } from './mutex.ts'
import { type Connection, createConnection } from './sql-connection.ts'

export { DatabaseLockedError } from './lock.ts'

export interface RunResult { changes: number; lastInsertRowid: number }
export type SqlValue = string | number | null
export interface SqlReader {
  all<T = Record<string, SqlValue>>(sql: string, params?: SqlValue[]): T[]
  get<T = Record<string, SqlValue>>(sql: string, params?: SqlValue[]): T | undefined
}
export interface SqlWriter extends SqlReader {
  /** Executes a write statement; it is recorded in the transaction's journal entry. Multi-statement SQL without params is allowed (migrations). */
  run(sql: string, params?: SqlValue[]): RunResult
}
export interface SqlDatabase {
  /** Serialized with every other read/write. BEGIN; fn; COMMIT (ROLLBACK + rethrow if fn throws/rejects).
   *  Resolves only after the transaction's journal record is fsynced (if it ran any `run`). */
  write<T>(fn: (db: SqlWriter) => T | Promise<T>): Promise<T>
  read<T>(fn: (db: SqlReader) => T | Promise<T>): Promise<T>
  /** Bumped after every committed write transaction that ran statements (callers use it to invalidate caches). */
  readonly version: number
  checkpoint(): Promise<void>
  /** Flushes, checkpoints (when writable and file-backed), releases the lock, frees sql.js. Idempotent. */
  close(): Promise<void>
}
export interface OpenOptions {
  file?: string
  readOnly?: boolean
  migrations?: string[]
  checkpointBytes?: number
  idleCheckpointMs?: number
  onOpen?: (db: SqlWriter) => void
}

let sqlJs: Promise<SqlJsStatic> | undefined

// sql.js is CommonJS: require() skips the ESM loader's export scan of its large file, which
// halves its load and init time (every CLI command pays it).
const initSqlJs = createRequire(import.meta.url)('sql.js') as typeof import('sql.js').default

export async function openSqlDatabase(options: OpenOptions = {}): Promise<SqlDatabase> {
  const SQL = await (sqlJs ??= initSqlJs())
  const file = options.file === ':memory:' ? undefined : options.file
  const onOpen = options.onOpen ?? (() => {})
  if (file === undefined) return migrate(createDurableDb(createConnection(new SQL.Database(), onOpen), options), options)

  const lock = options.readOnly ? null : await acquireLock(file)
  let conn: Connection | undefined
  try {
    // Journal before image: if a writer checkpoints in between, the newer image already holds
    // every record read here, and replay skips them by sequence number.
    const { records, bytes } = await readJournal(`${file}-journal`)
    const image = await readFile(file).catch((error: unknown) => {
      if (isCode(error, 'ENOENT')) return null
      throw error
    })
    conn = createConnection(new SQL.Database(image), onOpen)
    const lastSeq = await replayJournal(conn, records, readCheckpointSeq(conn))
    const hooks = { onFlushed: () => {} }
    const journal = options.readOnly
      ? null
      : await openJournalWriter(`${file}-journal`, { lastSeq, onFlushed: () => hooks.onFlushed() })
    if (journal) await syncDirectory(dirname(file)) // the journal's directory entry must survive a crash
    const db = createDurableDb(conn, options, { file, journal, lock, hooks })
    // A missing file is created now; a non-empty journal (maybe with a torn tail) is folded
    // into the file before anything is appended after it.
    if (journal && (image === null || bytes > 0)) await db.checkpointNow(true)
    return await migrate(db, options)
  } catch (error) {
    conn?.close()
    await lock?.release()
    throw error
  }
}

/** Runs pending migrations; read-only opens apply them in memory only, so reads see the current schema. */
async function migrate(db: DurableDb, options: OpenOptions): Promise<SqlDatabase> {
  const migrations = options.migrations
  if (!migrations) return db // no schema management asked for: open whatever version the file has
  try {
    const current = Number(db.conn.get('PRAGMA user_version')?.user_version ?? 0)
    if (current > migrations.length) {
      throw new Error(`database ${options.file} has schema version ${current}; this program knows up to ${migrations.length}`)
    }
    for (let i = current; i < migrations.length; i++) {
      const step = (w: SqlWriter) => {
        w.run(migrations[i])
        w.run(`PRAGMA user_version = ${i + 1}`)
      }
      if (options.readOnly) await db.conn.transaction(() => step(db.conn))
      else await db.write(step)
    }
    return db
  } catch (error) {
    await db.close().catch(() => {})
    throw error
  }
}

interface DurableDb extends SqlDatabase {
  readonly conn: Connection
  checkpointNow(force: boolean): Promise<void>
}
interface FileState { file: string; journal: JournalWriter | null; lock: FileLock | null; hooks: { onFlushed(): void } }

const journals = new WeakMap<SqlDatabase, JournalWriter>()

/** Group-commit counters of a file-backed writer, for tests and benchmarks. */
export function readJournalStats(db: SqlDatabase): JournalStats | undefined {
  return journals.get(db)?.stats
}

function createDurableDb(conn: Connection, options: OpenOptions, state?: FileState): DurableDb {
  const mutex = createMutex()
  const journal = state?.journal ?? null
  let version = 0
  let closing: Promise<void> | undefined
  let idleTimer: NodeJS.Timeout | undefined
  let background: Promise<void> | undefined

  const assertOpen = () => {
    if (closing) throw new Error(`database ${options.file ?? ':memory:'} is closed`)
  }

  // Under the mutex and after every queued record is on disk, the image holds exactly the
  // records up to lastSeq, so once it replaced the file the journal can be emptied.
  async function checkpointLocked(force: boolean): Promise<void> {
    clearTimeout(idleTimer)
    if (!journal || !state) return
    await journal.drain()
    if (journal.bytes === 0 && !force) return
    await writeCheckpoint(conn, state.file, journal.lastSeq)
    await journal.truncate()
  }

  // Size and idle triggers. A failure is retried by the next trigger or by close(); durability
  // never depends on them, the journal already holds every acknowledged write.
  const checkpointInBackground = () => {
    background ??= db.checkpoint().catch(() => {}).finally(() => { background = undefined })
  }
  if (state && journal) {
    state.hooks.onFlushed = () => {
      clearTimeout(idleTimer)
      if (closing || journal.bytes === 0) return
      if (journal.bytes >= (options.checkpointBytes ?? 8 * 1024 * 1024)) return checkpointInBackground()
      idleTimer = setTimeout(checkpointInBackground, options.idleCheckpointMs ?? 5000).unref()
    }
  }

  const db: DurableDb = {
    conn,
    get version() { return version },
    async write(fn) {
      assertOpen()
      if (options.readOnly) throw new Error(`database ${options.file} is open read-only`)
      const { result, durable } = await mutex.run(async () => {
        const stmts: JournalStatement[] = []
        let active = true
        const writer = journaledWriter(conn, stmts, () => active)
        const result = await conn.transaction(() => fn(writer)).finally(() => { active = false })
        if (stmts.length === 0) return { result, durable: undefined }
        version++
        // Queued under the mutex, so records reach the journal in commit order; the mutex is
        // released before the fsync, so the next transactions join the next batch.
        return { result, durable: journal?.append(stmts) }
      })
      await durable
      return result
    },
    async read(fn) {
      assertOpen()
      return mutex.run(() => fn(conn))
    },
    async checkpoint() {
      assertOpen()
      await mutex.run(() => checkpointLocked(false))
    },
    checkpointNow: (force) => mutex.run(() => checkpointLocked(force)),
    close() {
      closing ??= (async () => {
        try {
          await mutex.run(async () => {
            try { await checkpointLocked(false) } finally { await journal?.close() }
          })
        } finally {
          clearTimeout(idleTimer)
          conn.close()
          await state?.lock?.release()
        }
      })()
      return closing
    },
  }
  if (journal) journals.set(db, journal)
  return db
}

/** The writer handed to `write`: records every statement that may change data, in order. */
function journaledWriter(conn: Connection, stmts: JournalStatement[], isActive: () => boolean): SqlWriter {
  // Checked before the statement runs, records it only once it succeeded: a failed statement
  // left no trace (SQLite rolls back just that statement), so replay must not see it either.
  function journaled<R>(sql: string, params: SqlValue[] = [], journal: boolean, execute: () => R): R {
    if (!isActive()) throw new Error('this writer belongs to a finished transaction')
    if (journal) {
      // JSON would turn these into null, and replay would bind something else.
      const bad = params.find((value) => typeof value === 'number' && !Number.isFinite(value))
      if (bad !== undefined) throw new TypeError(`cannot journal the number ${bad}`)
    }
    const result = execute()
    if (journal) stmts.push([sql, params.slice()])
    return result
  }
  return {
    run: (sql, params) => journaled(sql, params, true, () => conn.run(sql, params)),
    // A plain SELECT changes nothing; anything else (INSERT ... RETURNING) is journaled too.
    all: (sql, params) => journaled(sql, params, !SELECT.test(sql), () => conn.all(sql, params)) as never,
    get: (sql, params) => journaled(sql, params, !SELECT.test(sql), () => conn.get(sql, params)) as never,
  }
}

const SELECT = /^\s*select\b/i
