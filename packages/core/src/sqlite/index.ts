// createSqliteStore: the default Store, SQLite through sql.js, durable on a file through a
// journal + checkpoints. No file (or ':memory:') gives an in-memory store.
import type { Store, StoreReads } from '../store.ts'
import type { SqlReader } from './durable-db.ts'
import { openDatabase, type SqliteStoreOptions } from './open.ts'
import { createPollReads, createPollWrites } from './poll-store.ts'
import { createReads } from './reads.ts'
import { createTableCache } from './table-cache.ts'
import { createWrites } from './writes.ts'

export type { SqliteStoreOptions } from './open.ts'
export { openSqliteTables } from './tables.ts'

export async function createSqliteStore(options: SqliteStoreOptions = {}): Promise<Store> {
  const db = await openDatabase(options)
  const cache = createTableCache()
  // Reads never touch the cache's groups, so one read view serves every read transaction.
  let readView: { reader: unknown; reads: StoreReads } | undefined
  const readsFor = (reader: SqlReader) => {
    if (readView?.reader !== reader) {
      readView = { reader, reads: { ...createReads(reader, cache.forTransaction()), ...createPollReads(reader) } }
    }
    return readView.reads
  }
  return {
    read: (fn) => db.read((reader) => fn(readsFor(reader))),
    transaction: (fn) =>
      db.write((writer) => {
        const txCache = cache.forTransaction()
        const reads = Object.assign(createReads(writer, txCache), createPollReads(writer))
        return fn(Object.assign(reads, createWrites(writer, reads, txCache), createPollWrites(writer, reads)))
      }),
    close: () => db.close(),
  }
}
