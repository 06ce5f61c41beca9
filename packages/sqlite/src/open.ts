// Opening the database file (or memory) with the schema's migrations, foreign keys on, freed
// cells zeroed where that costs no extra write (scrub.ts), and the lock held by another process
// reported as the domain's LOCKED error.
import { DomainError } from '@game-picker/core'
import { DatabaseLockedError, openSqlDatabase, type SqlDatabase } from './durable-db.ts'
import type { FileIO } from './file-io.ts'
import { migrations } from './schema.ts'

export interface SqliteStoreOptions {
  file?: string
  /** Read the file (and replay its journal) without taking the writer lock; writes reject. */
  readOnly?: boolean
  checkpointBytes?: number
  idleCheckpointMs?: number
}

/** `io`: the files' reads and writes (default the real file system's). */
export async function openDatabase(options: SqliteStoreOptions & { io?: FileIO }): Promise<SqlDatabase> {
  try {
    return await openSqlDatabase({
      ...options,
      migrations,
      onOpen: (db) => {
        db.run('PRAGMA foreign_keys = ON')
        db.run('PRAGMA secure_delete = FAST')
      },
    })
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      throw new DomainError('LOCKED', error.message, { pid: error.pid, file: error.file })
    }
    throw error
  }
}
