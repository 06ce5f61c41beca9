// An online backup: a consistent copy of the database file, made by the process that writes it
// while it goes on serving. The copy is the database as of a checkpoint taken when the backup
// starts (snapshot.ts), so it holds every write acknowledged before then; it is copied a slice
// at a time (each slice a short synchronous read, then an asynchronous write), written under a
// temporary name, fsynced, checked with SQLite's integrity_check in a child process, and only
// then renamed to its name. A crash at any point leaves at most the temporary file.
import { dirname } from 'node:path'
import { BackupRunningError, snapshotsOf, type SqlDatabase } from './durable-db.ts'
import { createNodeFileIO, type FileIO } from './file-io.ts'
import { flushAndRest, SYNC_EVERY } from './paced-flush.ts'
import { checkIntegrity } from './verify.ts'

export { BackupRunningError } from './durable-db.ts'

export interface BackupOptions {
  /** The backup file's writes (a test records them to cut the power). Default: the real file system. */
  io?: FileIO
  /** Checks the finished temporary file; default SQLite's integrity_check in a child process. */
  verify?: (file: string) => Promise<void>
  /** Pages per slice (default 64: 256 KiB of 4 KiB pages, a fraction of a millisecond to read). */
  slicePages?: number
}

export class BackupTargetExistsError extends Error {
  readonly file: string
  constructor(file: string) {
    super(`${file} already exists; a backup never overwrites a file`)
    this.name = 'BackupTargetExistsError'
    this.file = file
  }
}

/** The temporary name a backup is written under until it is complete and checked. */
export const partialPath = (target: string) => `${target}.partial`

/**
 * The databases a backup was asked of and whose snapshot is not taken yet, claimed before the
 * first await: of two calls at once the first goes on and the second is refused, however the
 * disk answers their first reads.
 */
const claimed = new WeakSet<SqlDatabase>()

/** Copies `db` (a file database open for writing) to `target`, which must not exist. Returns its size. */
export async function backupDatabase(db: SqlDatabase, target: string, options: BackupOptions = {}): Promise<{ bytes: number }> {
  const snapshots = snapshotsOf(db)
  if (!snapshots) throw new Error('Backups need a database file')
  if (snapshots.backingUp || claimed.has(db)) throw new BackupRunningError()
  claimed.add(db)
  const io = options.io ?? createNodeFileIO()
  const temp = partialPath(target)
  try {
    if ((await io.size(target)) !== null) throw new BackupTargetExistsError(target)
    await io.remove(temp) // left by a backup that was killed
    const snapshot = await snapshots.snapshot()
    claimed.delete(db) // the snapshot holds the slot now, until the copy is taken
    let bytes = 0
    try {
      for (let slice = snapshot.next(options.slicePages ?? 64); slice.length > 0; slice = snapshot.next(options.slicePages ?? 64)) {
        await io.write(temp, slice, bytes)
        bytes += slice.length
        // Flushed as it goes: a file system journal commits other files' dirty data with an
        // fsync (ext4's ordered mode), so gigabytes of the copy left in the page cache would
        // make the server's next journal fsync wait for all of them (see paced-flush.ts).
        if (bytes % SYNC_EVERY < slice.length) await flushAndRest(() => io.sync(temp))
      }
    } finally {
      snapshots.releaseSnapshot(snapshot)
    }
    await io.sync(temp)
    await (options.verify ?? checkIntegrity)(temp)
    if ((await io.size(target)) !== null) throw new BackupTargetExistsError(target)
    await io.rename(temp, target)
    await io.syncDirectory(dirname(target))
    return { bytes }
  } catch (error) {
    await io.remove(temp).catch(() => {})
    throw error
  } finally {
    claimed.delete(db)
    if (!options.io) await io.close()
  }
}
