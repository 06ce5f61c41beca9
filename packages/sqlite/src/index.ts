// @game-picker/sqlite: the default Store, SQLite through sql.js, durable on a file through a
// journal + checkpoints, with online backups into a folder. No file (or ':memory:') gives an
// in-memory store.
import { conflict, invalidInput, type Store, type StoreBackup, type StoreReads, type TableSnapshot } from '@game-picker/core'
import { BackupRunningError, BackupTargetExistsError, backupDatabase } from './backup.ts'
import { answerBackupRequests } from './backup-requests.ts'
import { scrubFreePages } from './scrub.ts'
import { snapshotsOf, type SqlDatabase, type SqlReader, type SqlWriter } from './durable-db.ts'
import { openDatabase, type SqliteStoreOptions } from './open.ts'
import { type SnapshotFileOptions, writeSnapshotFile } from './snapshot-file.ts'
import { createPollReads, createPollWrites } from './poll-store.ts'
import { createReads } from './reads.ts'
import { createTableCache, type TransactionCache } from './table-cache.ts'
import { createWrites } from './writes.ts'

export type { SqliteStoreOptions } from './open.ts'
export { openSqliteTables } from './tables.ts'
export { BackupRequestError, requestBackup } from './backup-requests.ts'
export { DatabaseLockedError, openSqlDatabase } from './durable-db.ts'
export { backupDatabase, BackupRunningError, BackupTargetExistsError, partialPath } from './backup.ts'
export { createBackups, backupName, type BackupsOptions } from './backup-folder.ts'
export { writeSnapshotFile, type SnapshotFileOptions } from './snapshot-file.ts'
export { atIdlePriority, IDLE_NICE, lowerToIdle } from './idle-priority.ts'
export { flushPacer } from './paced-flush.ts'

export async function createSqliteStore(options: SqliteStoreOptions & {
  /** A server: make the backups `db backup` asks for while it holds the file (backup-requests.ts). */
  answerBackupRequests?: boolean
} = {}): Promise<Store> {
  const db = await openDatabase(options)
  const backup = storeBackup(db)
  const requests = options.answerBackupRequests && options.file && !options.readOnly ? answerBackupRequests(options.file, backup.copyTo) : undefined
  const cache = createTableCache()
  // Reads never touch the cache's groups, so one read view serves every read transaction.
  let readView: { reader: unknown; reads: StoreReads } | undefined
  const readsFor = (reader: SqlReader) => {
    if (readView?.reader !== reader) {
      readView = { reader, reads: { ...createReads(reader, cache.forTransaction()), ...createPollReads(reader) } }
    }
    return readView.reads
  }
  // Write transactions run one at a time (durable-db's mutex), so one write view serves them
  // all, forwarding to the transaction running now: building its hundred-odd methods afresh for
  // every transaction was a fifth of what a server following 100 busy rooms allocated.
  let running: { writer: SqlWriter; cache: TransactionCache } | null = null
  const current = () => {
    if (!running) throw new Error('this store view belongs to a finished transaction')
    return running
  }
  const writer: SqlWriter = {
    run: (sql, params) => current().writer.run(sql, params),
    all: (sql, params) => current().writer.all(sql, params),
    get: (sql, params) => current().writer.get(sql, params),
  }
  const txCache: TransactionCache = {
    touch: (...groups) => current().cache.touch(...groups),
    get: (group, key, query) => current().cache.get(group, key, query),
  }
  const writeReads = Object.assign(createReads(writer, txCache), createPollReads(writer))
  const writeView = Object.assign(writeReads, createWrites(writer, writeReads, txCache), createPollWrites(writer, writeReads))

  return {
    read: (fn) => db.read((reader) => fn(readsFor(reader))),
    transaction: (fn) =>
      db.write(async (writer) => {
        running = { writer, cache: cache.forTransaction() }
        try {
          return await fn(writeView)
        } finally {
          running = null
        }
      }),
    backup,
    scrubFreedSpace: options.file && !options.readOnly ? () => scrubFreePages(db) : undefined,
    close: async () => {
      // No new request is taken; one being answered fails at once (closing abandons its copy).
      const answering = requests?.stop()
      await db.close()
      await answering
    },
  }
}

const NO_FILE = 'Backups need a database file'

function storeBackup(db: SqlDatabase): StoreBackup {
  return {
    get running() { return snapshotsOf(db)?.backingUp ?? false },
    unavailable: snapshotsOf(db) ? undefined : NO_FILE,
    async copyTo(target) {
      if (!snapshotsOf(db)) throw invalidInput(NO_FILE)
      return backupDatabase(db, target).catch(asConflict)
    },
  }
}

/** A backup of another store's snapshot into a file (PostgreSQL's, wired by the CLI), with the port's errors. */
export const writeBackupFile = (snapshot: TableSnapshot, target: string, options?: SnapshotFileOptions): Promise<{ bytes: number }> =>
  writeSnapshotFile(snapshot, target, options).catch(asConflict)

function asConflict(error: unknown): never {
  if (error instanceof BackupRunningError || error instanceof BackupTargetExistsError) throw conflict(error.message)
  throw error
}
