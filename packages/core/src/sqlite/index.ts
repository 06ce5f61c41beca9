// createSqliteStore: the default Store, SQLite through sql.js, durable on a file through a
// journal + checkpoints (decisions §2). No file (or ':memory:') gives an in-memory store.
import { DomainError } from '../errors.ts'
import type { Store, StoreReads } from '../store.ts'
import type { Game } from '../types.ts'
import { DatabaseLockedError, openSqlDatabase, type SqlDatabase, type SqlReader } from './durable-db.ts'
import { createReads } from './reads.ts'
import { migrations } from './schema.ts'
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
  const listAllGames = (reader: SqlReader) => reader.all<Game>('SELECT * FROM games ORDER BY pack_name, title')

  // The catalogue is read on every pick and list; keep it until the next committed write.
  let cached: { version: number; games: readonly Game[] } | null = null
  const cachedGames = (reader: SqlReader) => {
    if (cached?.version !== db.version) cached = { version: db.version, games: listAllGames(reader) }
    return cached.games
  }

  return {
    read: (fn) => db.read((reader) => fn(createReads(reader, () => cachedGames(reader)))),
    transaction: (fn) =>
      db.write((writer) => {
        const reads: StoreReads = createReads(writer, () => listAllGames(writer))
        return fn({ ...reads, ...createWrites(writer, reads) })
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
