// createSqliteStore: the default Store, SQLite through sql.js, durable on a file through a
// journal + checkpoints (decisions §2). No file (or ':memory:') gives an in-memory store.
import type { Store } from '../store.ts'
import { openDatabase, type SqliteStoreOptions } from './open.ts'
import { createReads } from './reads.ts'
import { createTableCache } from './table-cache.ts'
import { createWrites } from './writes.ts'

export type { SqliteStoreOptions } from './open.ts'
export { openSqliteTables } from './tables.ts'

export async function createSqliteStore(options: SqliteStoreOptions = {}): Promise<Store> {
  const db = await openDatabase(options)
  const cache = createTableCache()
  return {
    read: (fn) => db.read((reader) => fn(createReads(reader, cache.forTransaction()))),
    transaction: (fn) =>
      db.write((writer) => {
        const txCache = cache.forTransaction()
        const reads = createReads(writer, txCache)
        return fn(Object.assign(reads, createWrites(writer, reads, txCache)))
      }),
    close: () => db.close(),
  }
}
