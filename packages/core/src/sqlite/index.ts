// createSqliteStore: the default Store, SQLite through sql.js, durable on a file through a
// journal + checkpoints (decisions §2). No file (or ':memory:') gives an in-memory store.
import { DomainError } from '../errors.ts'
import type { Store, StoreReads } from '../store.ts'
import { DatabaseLockedError, openSqlDatabase, type SqlDatabase, type SqlReader } from './durable-db.ts'
import { createReads } from './reads.ts'
import { migrations } from './schema.ts'
import { createTableCache } from './table-cache.ts'
import { createWrites } from './writes.ts'

export interface SqliteStoreOptions {
  file?: string
  /** Read the file (and replay its journal) without taking the writer lock; writes reject. */
  readOnly?: boolean
  checkpointBytes?: number
  idleCheckpointMs?: number
}

export async function createSqliteStore(options: SqliteStoreOptions = {}): Promise<Store> {
  const db = await openDatabase(options)
  const cache = createTableCache()
  // Reads never touch the cache's groups, so one read view serves every read transaction.
  let readView: { reader: unknown; reads: StoreReads } | undefined
  const readsFor = (reader: SqlReader) => {
    if (readView?.reader !== reader) readView = { reader, reads: createReads(reader, cache.forTransaction()) }
    return readView.reads
  }
  return {
    read: (fn) => db.read((reader) => fn(readsFor(reader))),
    transaction: (fn) =>
      db.write((writer) => {
        const txCache = cache.forTransaction()
        const reads = createReads(writer, txCache)
        return fn(Object.assign(reads, createWrites(writer, reads, txCache)))
      }),
    close: () => db.close(),
  }
}

async function openDatabase(options: SqliteStoreOptions): Promise<SqlDatabase> {
  try {
    return await openSqlDatabase({
      ...options,
      migrations,
      onOpen: (db) => void db.run('PRAGMA foreign_keys = ON'),
    })
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      throw new DomainError('LOCKED', error.message, { pid: error.pid, file: error.file })
    }
    throw error
  }
}
