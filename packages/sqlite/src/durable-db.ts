// A durable database on top of sql.js. On a file, SQLite pages through it (paged-file.ts): memory
// holds SQLite's page cache and the pages changed since the last checkpoint, not the file.
// Every committed write transaction is appended to `<file>-journal` and fsynced before `write`
// resolves (group commit); checkpoints write the changed pages into the file crash-safely
// (checkpoint.ts) and retire the journal records they hold.
import { dirname } from 'node:path'
import { createRequire } from 'node:module'
import type { Database, SqlJsStatic } from 'sql.js'
import { type Checkpointer, createCheckpointer, type FrozenCheckpoint, readCheckpointSeq, recoverPageLog, writeFileAtomic } from './checkpoint.ts'
import { createNodeFileIO, type FileIO } from './file-io.ts'
import { type JournalStatement, type JournalStats, type JournalWriter, journalPath, openJournalWriter, readJournals, replayJournal } from './journal.ts'
import { acquireLock, type FileLock } from './lock.ts'
import { createMutex } from './mutex.ts'
import { createPageCacheBudget, type PageCacheBudget } from './page-cache-budget.ts'
import { pageLogStamp, readPageLog } from './page-log.ts'
import { PagedFile, pageSizeOf } from './paged-file.ts'
import { PageSnapshot } from './snapshot.ts'
import { type Connection, createConnection } from './sql-connection.ts'
import type { SqlReader, SqlValue, SqlWriter } from './sql-types.ts'

export { DatabaseLockedError } from './lock.ts'
export type { RunResult, SqlReader, SqlValue, SqlWriter } from './sql-types.ts'

export interface SqlDatabase {
  /** Serialized with every other read/write. BEGIN; fn; COMMIT (ROLLBACK + rethrow if fn throws/rejects).
   *  Resolves only after the transaction's journal record is fsynced (if it ran any `run`). */
  write<T>(fn: (db: SqlWriter) => T | Promise<T>): Promise<T>
  read<T>(fn: (db: SqlReader) => T | Promise<T>): Promise<T>
  /** Bumped after every committed write transaction that ran statements (callers use it to invalidate caches). */
  readonly version: number
  /** Writes every change into the file and empties the journal. */
  checkpoint(): Promise<void>
  /** Flushes, checkpoints (when writable and file-backed), releases the lock, frees sql.js. Idempotent. */
  close(): Promise<void>
}
export interface OpenOptions {
  file?: string
  readOnly?: boolean
  migrations?: string[]
  /** Checkpoint once the journal or the changed pages held in memory pass this many bytes. */
  checkpointBytes?: number
  idleCheckpointMs?: number
  /** SQLite's page cache for clean pages, in KiB (a write transaction's changed pages come on top: page-cache-budget.ts). */
  cacheKiB?: number
  onOpen?: (db: SqlWriter) => void
  /** The files' reads and writes (a test records them to simulate power cuts). */
  io?: FileIO
}

let sqlJs: Promise<SqlJsStatic> | undefined

// sql.js is CommonJS: require() skips the ESM loader's export scan of its large file, which
// halves its load and init time (every CLI command pays it).
const initSqlJs = createRequire(import.meta.url)('sql.js') as typeof import('sql.js').default

export async function openSqlDatabase(options: OpenOptions = {}): Promise<SqlDatabase> {
  const SQL = await (sqlJs ??= initSqlJs())
  const file = options.file === ':memory:' ? undefined : options.file
  const configure = pragmas(options)
  if (file === undefined) return migrate(createDurableDb(() => createConnection(new SQL.Database(), configure), options), options)

  const io = options.io ?? createNodeFileIO()
  return options.readOnly ? openReader(SQL, io, file, configure, options) : openWriter(SQL, io, file, configure, options)
}

async function openWriter(SQL: SqlJsStatic, io: FileIO, file: string, configure: (db: Connection) => void, options: OpenOptions): Promise<SqlDatabase> {
  const lock = await acquireLock(file)
  let db: DurableDb | undefined
  try {
    await recoverPageLog(io, file, await readPageLog(io, file))
    await io.remove(`${file}.checkpoint-tmp`) // left by a crash of a version that rewrote the whole file
    if (!(await io.size(file))) await writeFileAtomic(io, file, emptyImage(SQL))
    const opened = await openFile(SQL, io, file, configure)
    const hooks = { onFlushed: () => {} }
    const journal = await openJournalWriter(io, file, { lastSeq: opened.lastSeq, bytes: opened.journalBytes, onFlushed: () => hooks.onFlushed() })
    await io.write(journalPath(file), new Uint8Array(0), 0) // exists before the first record is acknowledged
    await io.syncDirectory(dirname(file))
    const checkpointer = createCheckpointer(io, file, opened.paged!, journal, opened.generation)
    db = createDurableDb(() => opened.conn, options, { io, file, journal, lock, hooks, checkpointer, paged: opened.paged! })
    // Replayed records (and a torn tail) are folded into the file before anything is appended.
    if (opened.journalBytes > 0 || opened.oldJournal) await db.checkpointNow({ rotate: false })
  } catch (error) {
    if (db) await db.close().catch(() => {})
    else await lock.release()
    throw error
  }
  return migrate(db, options)
}

/** No lock: migrations apply in memory only, so reads see the current schema (again after a reopen). */
async function openReader(SQL: SqlJsStatic, io: FileIO, file: string, configure: (db: Connection) => void, options: OpenOptions): Promise<SqlDatabase> {
  // Opening replays the journals over the file, which a checkpoint may rotate and rewrite
  // meanwhile: an open that failed while the page log changed is tried again, as a read is.
  const reopen = async () => {
    for (let tries = 1; ; tries++) {
      const stamp = pageLogStamp(io, file)
      try {
        const opened = await openFile(SQL, io, file, configure)
        await migrateInMemory(opened.conn, options)
        return opened
      } catch (error) {
        if (tries === READ_TRIES || pageLogStamp(io, file) === stamp) throw error
      }
    }
  }
  const opened = await reopen()
  return createDurableDb(() => opened.conn, options, { io, file, reopen, stamp: opened.stamp })
}

interface OpenedFile {
  conn: Connection
  paged: PagedFile | null
  lastSeq: number
  journalBytes: number
  oldJournal: boolean
  generation: number
  /** The page log's generation and state when the file was opened (see page-log.ts). */
  stamp: string
}

/** The file paged into sql.js, with the journals' records replayed in memory. */
async function openFile(SQL: SqlJsStatic, io: FileIO, file: string, configure: (db: Connection) => void): Promise<OpenedFile> {
  const stamp = pageLogStamp(io, file)
  const log = await readPageLog(io, file)
  const fileSize = (await io.size(file)) ?? 0
  let paged: PagedFile | null = null
  let sqlDb: Database
  if (fileSize === 0) {
    sqlDb = new SQL.Database() // a reader of a file not created yet sees an empty database
  } else {
    const header = new Uint8Array(100)
    io.readSync(file, header, 0)
    const pageSize = pageSizeOf(header)
    // A log not yet (or only partly) written into the file: its pages are the newest, and the
    // file may not reach the last of them yet (a reader opens while a writer applies it).
    const base = log?.state === 'logged' ? log.pages : null
    const size = [...base?.keys() ?? []].reduce((most, page) => Math.max(most, (page + 1) * pageSize), fileSize)
    paged = new PagedFile(io, file, size, pageSize)
    paged.base = base
    sqlDb = new SQL.Database(paged as unknown as Uint8Array)
  }
  const conn = createConnection(sqlDb, configure)
  try {
    const { records, bytes, old } = await readJournals(io, file)
    const lastSeq = await replayJournal(conn, records, readCheckpointSeq(conn))
    return { conn, paged, lastSeq, journalBytes: bytes, oldJournal: old, generation: log?.generation ?? 0, stamp }
  } catch (error) {
    conn.close()
    throw error
  }
}

/** A new database's first image: one table, so the file has its header and first page. */
function emptyImage(SQL: SqlJsStatic): Uint8Array {
  const db = new SQL.Database()
  try {
    db.exec('PRAGMA page_size = 4096; CREATE TABLE _journal_state (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL); INSERT INTO _journal_state VALUES (1, 0)')
    return db.export()
  } finally {
    db.close()
  }
}

const cacheKiBOf = (options: OpenOptions) => options.cacheKiB ?? 16384

// sql.js keeps its files in an emulated file system, where SQLite's own rollback journal and
// syncs only cost time: durability is the job of our journal. No other connection can see the
// file, so holding SQLite's lock for good skips the lock and hot-journal checks every
// transaction would make. SQLite must never write a page before its transaction commits (a
// spill), since rolling that back would truncate the file, which sql.js does by copying it; a
// transaction's changed pages therefore stay in the cache whatever its size (page-cache-budget.ts).
function pragmas(options: OpenOptions) {
  const onOpen = options.onOpen ?? (() => {})
  return (db: Connection): void => {
    db.exec(`PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE;
      PRAGMA cache_spill = OFF; PRAGMA cache_size = -${cacheKiBOf(options)}`)
    onOpen(db)
  }
}

/** The migrations a database at `db`'s schema version still needs. */
function pendingMigrations(db: SqlReader, options: OpenOptions): ((w: SqlWriter) => void)[] {
  const migrations = options.migrations
  if (!migrations) return [] // no schema management asked for: open whatever version the file has
  const current = Number(db.get('PRAGMA user_version')?.user_version ?? 0)
  if (current > migrations.length) {
    throw new Error(`database ${options.file} has schema version ${current}; this program knows up to ${migrations.length}`)
  }
  return migrations.slice(current).map((sql, i) => (w: SqlWriter) => {
    w.run(sql)
    w.run(`PRAGMA user_version = ${current + i + 1}`)
  })
}

/** Runs pending migrations, each in a journaled transaction. */
async function migrate(db: DurableDb, options: OpenOptions): Promise<SqlDatabase> {
  try {
    for (const step of pendingMigrations(db.conn(), options)) await db.write(step)
    return db
  } catch (error) {
    await db.close().catch(() => {})
    throw error
  }
}

async function migrateInMemory(conn: Connection, options: OpenOptions): Promise<void> {
  try {
    for (const step of pendingMigrations(conn, options)) await conn.transaction(() => step(conn))
  } catch (error) {
    conn.close()
    throw error
  }
}

interface DurableDb extends SqlDatabase {
  conn(): Connection
  checkpointNow(options: { rotate: boolean }): Promise<void>
  /** The database as of now, to copy page by page while writes go on (see snapshot.ts). */
  snapshot(): Promise<PageSnapshot>
  releaseSnapshot(snapshot: PageSnapshot): void
  readonly backingUp: boolean
}
interface WriterFile {
  io: FileIO; file: string; journal: JournalWriter; lock: FileLock | null; hooks: { onFlushed(): void }
  checkpointer: Checkpointer; paged: PagedFile
}
interface ReaderFile { io: FileIO; file: string; stamp: string; reopen(): Promise<{ conn: Connection; stamp: string }> }

const journals = new WeakMap<SqlDatabase, JournalWriter>()
const snapshotters = new WeakMap<SqlDatabase, DurableDb>()

/** The database's snapshots for backups (backup.ts); undefined for one in memory. */
export function snapshotsOf(db: SqlDatabase): Pick<DurableDb, 'snapshot' | 'releaseSnapshot' | 'backingUp'> | undefined {
  return snapshotters.get(db)
}

/** A second backup of the same database while one runs. */
export class BackupRunningError extends Error {
  constructor() {
    super('A backup is already running')
    this.name = 'BackupRunningError'
  }
}

/** Group-commit counters of a file-backed writer, for tests and benchmarks. */
export function readJournalStats(db: SqlDatabase): JournalStats | undefined {
  return journals.get(db)?.stats
}

// A read-only process reads pages while the writer may checkpoint; a read that saw the page log
// change is run again on a fresh open. Checkpoints take milliseconds, so a few tries suffice.
const READ_TRIES = 5

function createDurableDb(initialConn: () => Connection, options: OpenOptions, file?: WriterFile | ReaderFile): DurableDb {
  const mutex = createMutex()
  const writer = file && 'journal' in file ? file : null
  const reader = file && !('journal' in file) ? file : null
  let conn = initialConn()
  let version = 0
  let closing: Promise<void> | undefined
  let idleTimer: NodeJS.Timeout | undefined
  let background: Promise<void> | undefined

  const assertOpen = () => {
    if (closing) throw new Error(`database ${options.file ?? ':memory:'} is closed`)
  }

  // Under the mutex only the freeze (a statement and a journal rename); the pages are written
  // while reads and writes go on. One checkpoint at a time: the next waits for the previous,
  // and `writing` is set under the mutex, so a freeze never overlaps the previous pages' write.
  // `atFreeze` runs under the mutex right after the freeze (a backup's snapshot is taken there).
  let writing: Promise<void> | undefined
  async function checkpoint(rotate: boolean, atFreeze?: (frozen: FrozenCheckpoint | null) => void): Promise<void> {
    clearTimeout(idleTimer)
    if (!writer) return
    for (;;) {
      while (writing) await writing
      const started = await mutex.run(async () => {
        if (writing) return undefined // another checkpoint froze first: wait for it, then freeze
        await writer.journal.drain()
        const frozen = await writer.checkpointer.freeze(conn, { rotate })
        atFreeze?.(frozen)
        if (frozen) writing = writer.checkpointer.write(frozen).finally(() => { writing = undefined })
        return { write: writing }
      })
      if (started) return started.write
    }
  }

  // A backup's point in time: a checkpoint's freeze. One backup at a time.
  let backingUp = false
  async function snapshot(): Promise<PageSnapshot> {
    if (!writer) throw new Error(`database ${options.file ?? ':memory:'} is not open for writing: a backup needs the writer`)
    if (backingUp) throw new BackupRunningError()
    backingUp = true
    try {
      let taken: PageSnapshot | undefined
      await checkpoint(true, (frozen) => {
        const pageCount = Number(conn.get('PRAGMA page_count')?.page_count ?? 0)
        taken = new PageSnapshot(writer.io, writer.file, writer.paged.pageSize, pageCount, frozen?.pages ?? new Map())
        writer.checkpointer.snapshots.add(taken)
      })
      if (closing) taken!.abandon() // close() began while the snapshot waited for the mutex
      return taken!
    } catch (error) {
      backingUp = false
      throw error
    }
  }
  function releaseSnapshot(taken: PageSnapshot): void {
    writer?.checkpointer.snapshots.delete(taken)
    backingUp = false
  }

  // Size and idle triggers. A failure is retried by the next trigger or by close(); durability
  // never depends on them, the journal already holds every acknowledged write.
  const checkpointInBackground = () => {
    background ??= checkpoint(true).catch(() => {}).finally(() => { background = undefined })
  }
  const limit = options.checkpointBytes ?? 8 * 1024 * 1024
  if (writer) {
    writer.hooks.onFlushed = () => {
      clearTimeout(idleTimer)
      if (closing || writer.journal.bytes === 0) return
      if (writer.journal.bytes >= limit || writer.paged.dirtyBytes >= limit) return checkpointInBackground()
      idleTimer = setTimeout(checkpointInBackground, options.idleCheckpointMs ?? 5000).unref()
    }
  }
  // Writes faster than checkpoints can write pages (bulk imports) would pile changed pages up in
  // memory: past four checkpoints' worth, a write waits for one to finish.
  async function keepUp(): Promise<void> {
    while (writer && !closing && writer.paged.dirtyBytes >= 4 * limit) {
      checkpointInBackground()
      await background
    }
  }

  async function readUnchanged<T>(fn: (db: SqlReader) => T | Promise<T>, { io, file: path }: ReaderFile): Promise<T> {
    for (let tries = 1; ; tries++) {
      const stamp = reader!.stamp
      let result: T | undefined
      let failure: unknown
      try {
        result = await fn(conn)
      } catch (error) {
        failure = error
      }
      if (pageLogStamp(io, path) === stamp) {
        if (failure !== undefined) throw failure
        return result as T
      }
      if (tries === READ_TRIES) throw failure ?? new Error(`database ${path} kept changing while it was read; try again`)
      const fresh = await reader!.reopen()
      conn.close()
      conn = fresh.conn
      reader!.stamp = fresh.stamp
    }
  }

  const db: DurableDb = {
    conn: () => conn,
    get version() { return version },
    async write(fn) {
      assertOpen()
      if (options.readOnly) throw new Error(`database ${options.file} is open read-only`)
      await keepUp()
      const { result, durable } = await mutex.run(async () => {
        const stmts: JournalStatement[] = []
        let active = true
        const budget = createPageCacheBudget(conn, cacheKiBOf(options))
        const journaling = journaledWriter(conn, stmts, () => active, budget)
        const result = await conn.transaction(() => fn(journaling)).finally(() => {
          active = false
          budget.end()
        })
        if (stmts.length === 0) return { result, durable: undefined }
        version++
        // Queued under the mutex, so records reach the journal in commit order; the mutex is
        // released before the fsync, so the next transactions join the next batch.
        return { result, durable: writer?.journal.append(stmts) }
      })
      await durable
      return result
    },
    async read(fn) {
      assertOpen()
      return mutex.run(() => (reader ? readUnchanged(fn, reader) : fn(conn)))
    },
    async checkpoint() {
      assertOpen()
      await checkpoint(true)
    },
    checkpointNow: ({ rotate }) => checkpoint(rotate),
    snapshot,
    releaseSnapshot,
    get backingUp() { return backingUp },
    close() {
      closing ??= (async () => {
        try {
          for (const taken of writer?.checkpointer.snapshots ?? []) taken.abandon()
          await background
          await checkpoint(true)
        } finally {
          clearTimeout(idleTimer)
          await mutex.run(() => conn.close())
          await file?.io.close()
          await writer?.lock?.release()
        }
      })()
      return closing
    },
  }
  if (writer) journals.set(db, writer.journal)
  if (file) snapshotters.set(db, db)
  return db
}

/** The writer handed to `write`: records every statement that may change data, in order. */
function journaledWriter(conn: Connection, stmts: JournalStatement[], isActive: () => boolean, budget: PageCacheBudget): SqlWriter {
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
    if (journal) {
      stmts.push([sql, params.slice()])
      budget.afterWrite()
    }
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
