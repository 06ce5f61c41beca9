// Checkpoints: the pages changed since the last one go into the database file, so the journal
// records before them can go. The cost follows the pages changed, not the size of the file:
//   1. under the writer's mutex (no transaction open): the journal's last sequence is stored in
//      the database, the changed pages are frozen and the journal is rotated;
//   2. while new writes go on: the frozen pages are written to the page log and fsynced, then
//      into the database file and fsynced, the log is marked applied and the old journal removed.
// A crash in 2 leaves either an incomplete log (the file untouched: replay both journals) or a
// complete one (written into the file again at open).
import { dirname } from 'node:path'
import type { FileIO } from './file-io.ts'
import type { JournalWriter } from './journal.ts'
import { applyPages, markPageLog, type PageLog, writePageLog } from './page-log.ts'
import type { Pages, PagedFile } from './paged-file.ts'
import type { PageSnapshot } from './snapshot.ts'

/** What a checkpoint needs of a connection: un-journaled statements. */
export interface CheckpointSource {
  run(sql: string, params?: (string | number | null)[]): unknown
  get(sql: string): Record<string, unknown> | undefined
}

// The database records the last journal sequence it contains, so replay can skip those records.
const STATE_TABLE = '_journal_state'

/** The journal sequence a database already holds (0 if it was never checkpointed). */
export function readCheckpointSeq(db: CheckpointSource): number {
  const exists = db.get(`SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = '${STATE_TABLE}'`)
  return exists ? Number(db.get(`SELECT seq FROM ${STATE_TABLE} WHERE id = 1`)?.seq ?? 0) : 0
}

function writeCheckpointSeq(db: CheckpointSource, seq: number): void {
  db.run(`CREATE TABLE IF NOT EXISTS ${STATE_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL)`)
  db.run(`INSERT OR REPLACE INTO ${STATE_TABLE} (id, seq) VALUES (1, ?)`, [seq])
}

export interface Checkpointer {
  /** Step 1; call under the writer's mutex after the journal drained. Null when nothing changed. */
  freeze(db: CheckpointSource & { transaction(fn: () => void): Promise<unknown> }, options?: { rotate: boolean }): Promise<FrozenCheckpoint | null>
  /** Step 2 for what freeze returned. A failure leaves it pending: the next freeze retries it first. */
  write(frozen: FrozenCheckpoint): Promise<void>
  readonly pending: FrozenCheckpoint | null
  /** Backups in progress: each keeps the file's old bytes of the pages a checkpoint overwrites. */
  readonly snapshots: Set<PageSnapshot>
}

/** `rotated` false: the checkpoint covers both journals whole (at open, before any append). */
export interface FrozenCheckpoint { pages: Pages; seq: number; generation: number; rotated: boolean }

export function createCheckpointer(io: FileIO, file: string, paged: PagedFile, journal: JournalWriter, generation: number): Checkpointer {
  let pending: FrozenCheckpoint | null = null

  const checkpointer: Checkpointer = {
    get pending() { return pending },
    snapshots: new Set(),
    async freeze(db, { rotate } = { rotate: true }) {
      if (pending) await checkpointer.write(pending) // the old journal must go before the next rotation
      if (paged.dirty.size === 0 && journal.bytes === 0) return null
      await db.transaction(() => writeCheckpointSeq(db, journal.lastSeq))
      pending = { pages: paged.freeze(), seq: journal.lastSeq, generation: ++generation, rotated: rotate }
      await markPageLog(io, file, 'frozen', { ...pending, pageSize: paged.pageSize }) // readers: the journals change
      if (rotate) journal.rotate()
      return pending
    },
    async write(frozen) {
      const log: Omit<PageLog, 'state'> = { ...frozen, pageSize: paged.pageSize }
      await writePageLog(io, file, log)
      for (const snapshot of checkpointer.snapshots) await snapshot.preserve(frozen.pages.keys())
      await applyPages(io, file, frozen.pages, paged.pageSize)
      await markPageLog(io, file, 'applied', log)
      await journal.removeOld()
      if (!frozen.rotated) await journal.truncate()
      paged.written()
      pending = null
    },
  }
  return checkpointer
}

/** A complete log that was not marked applied (a crash during step 2): into the file with it. */
export async function recoverPageLog(io: FileIO, file: string, log: PageLog | null): Promise<void> {
  if (log?.state !== 'logged') return
  await applyPages(io, file, log.pages, log.pageSize)
  await markPageLog(io, file, 'applied', log)
}

/** Writes `data` to `file` atomically and durably (a new database's first image). */
export async function writeFileAtomic(io: FileIO, file: string, data: Uint8Array): Promise<void> {
  const temp = `${file}.checkpoint-tmp`
  await io.remove(temp)
  await io.write(temp, data, 0)
  await io.sync(temp)
  await io.rename(temp, file)
  await io.syncDirectory(dirname(file))
}

