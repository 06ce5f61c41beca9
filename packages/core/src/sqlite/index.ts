// createSqliteStore: the default Store, SQLite through sql.js, durable on a file through a
// journal + checkpoints (decisions §2). No file (or ':memory:') gives an in-memory store.
import { DomainError } from '../errors.ts'
import type { Store, StoreReads } from '../store.ts'
import type { Game, Pack } from '../types.ts'
import { DatabaseLockedError, openSqlDatabase, type SqlDatabase, type SqlReader } from './durable-db.ts'
import { type Catalogue, createReads, queryCatalogue } from './reads.ts'
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
  // The catalogue (games and packs) is read on every pick, list and stats call: reads keep it
  // until the next committed write. Inside a write transaction it is always queried.
  let cache: { version: number; games?: readonly Game[]; packs?: readonly Pack[] } = { version: -1 }
  const cachedCatalogue = (reader: SqlReader): Catalogue => ({
    games: () => {
      if (cache.version !== db.version) cache = { version: db.version }
      return (cache.games ??= queryCatalogue(reader).games())
    },
    packs: () => {
      if (cache.version !== db.version) cache = { version: db.version }
      return (cache.packs ??= queryCatalogue(reader).packs())
    },
  })
  // Reads always get the same connection object, so one view of it serves every read.
  let readView: { reader: SqlReader; reads: StoreReads } | undefined
  const readsFor = (reader: SqlReader) => {
    if (readView?.reader !== reader) readView = { reader, reads: createReads(reader, cachedCatalogue(reader)) }
    return readView.reads
  }

  return {
    read: (fn) => db.read((reader) => fn(readsFor(reader))),
    transaction: (fn) =>
      db.write((writer) => {
        const reads = createReads(writer, queryCatalogue(writer))
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
