// Replaces the database file atomically: temp file in the same folder -> fsync -> rename ->
// fsync the folder. The rename is the only way the main file ever changes, so after a crash
// it holds either the old image or the new one, never a mix.
import { open, rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import { releaseNow } from './release-memory.ts'

/** What a checkpoint needs of a connection: un-journaled statements and an image of the database. */
export interface CheckpointSource {
  run(sql: string, params?: (string | number | null)[]): unknown
  get(sql: string): Record<string, unknown> | undefined
  exportImage(): Uint8Array
}

// The image records the last journal sequence it contains, so replay can skip those records.
const STATE_TABLE = '_journal_state'

/** The journal sequence a database image already holds (0 if it was never checkpointed). */
export function readCheckpointSeq(db: CheckpointSource): number {
  const exists = db.get(`SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = '${STATE_TABLE}'`)
  return exists ? Number(db.get(`SELECT seq FROM ${STATE_TABLE} WHERE id = 1`)?.seq ?? 0) : 0
}

/** Stores `seq` in the database (outside the journal), then writes its image over `file`. */
export async function writeCheckpoint(db: CheckpointSource, file: string, seq: number): Promise<void> {
  db.run(`CREATE TABLE IF NOT EXISTS ${STATE_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL)`)
  db.run(`INSERT OR REPLACE INTO ${STATE_TABLE} (id, seq) VALUES (1, ?)`, [seq])
  const image = db.exportImage()
  try {
    await writeFileAtomic(file, image)
  } finally {
    releaseNow(image)
  }
}

/** Writes `data` to `file` atomically and durably. */
export async function writeFileAtomic(file: string, data: Uint8Array): Promise<void> {
  // A fixed name: only the lock holder checkpoints, and a leftover from a crash is simply
  // overwritten by the next checkpoint instead of piling up.
  const temp = `${file}.checkpoint-tmp`
  const handle = await open(temp, 'w')
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temp, file)
  await syncDirectory(dirname(file))
}

/** Makes a rename or a file creation in `dir` survive a power loss. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch (error) {
    // Some platforms (Windows) cannot open or fsync a directory; there is nothing more to do.
    if (!isCode(error, 'EISDIR', 'EPERM', 'EINVAL', 'EBADF')) throw error
  } finally {
    await handle?.close()
  }
}

export function isCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === 'object' && error !== null && codes.includes((error as { code?: string }).code ?? '')
}
