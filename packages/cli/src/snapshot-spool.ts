// A PostgreSQL backup's snapshot read all at once into a spool file, then written into the file
// database from there. Read a page, written a page, the snapshot stayed open for the whole
// write (a minute and more for a million votes, longer at idle priority on a busy machine), and
// while it is open PostgreSQL keeps every row version the servers replace meanwhile: each vote
// updates its game's counters, so a hot game's row gains a version per vote that cannot be
// pruned (votes during a 1M-vote backup: 850/s so, 2,037/s spooled, ~2,600/s with no backup).
// Spooled, the snapshot lasts as long as the reading.
import { createReadStream } from 'node:fs'
import { open, rm } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { TABLES, type TableName, type TableRow, type TableSnapshot } from '@game-picker/core'
import { flushPacer, partialPath, writeBackupFile } from '@game-picker/sqlite'

/** Rows per page read from PostgreSQL (each a keyset range scan) and per line of the spool. */
const SPOOL_PAGE_ROWS = 500

export interface SpooledSnapshot extends TableSnapshot {
  /** Removes the spool file. */
  remove(): Promise<void>
}

/**
 * The CLI's writer of a PostgreSQL backup (the server's child process, `db backup --db URL`):
 * the snapshot spooled beside the target's partial file, then the file database written from it.
 */
export async function writeSpooledBackupFile(snapshot: TableSnapshot, target: string, options: { signal?: AbortSignal } = {}): Promise<{ bytes: number }> {
  const spooled = await spoolSnapshot(snapshot, `${partialPath(target)}-spool`, options.signal)
  try {
    return await writeBackupFile(spooled, target, options)
  } finally {
    await spooled.remove()
  }
}

/**
 * Reads every table of `snapshot` into `file` (one line a page, the tables one after another),
 * ends the snapshot, and returns one that reads each table's pages back from its span.
 */
export async function spoolSnapshot(snapshot: TableSnapshot, file: string, signal?: AbortSignal): Promise<SpooledSnapshot> {
  const marks = await snapshot.idHighWater()
  const out = await open(file, 'w', 0o600)
  // Flushed a MiB at a time with rests, as the file database is (paced-flush.ts): the spool is as
  // large as the backup, and left to the kernel's writeback it went out in bursts the servers'
  // commits waited behind (a 486 ms vote during a 1M-vote backup).
  const pace = flushPacer(() => out.datasync())
  const remove = () => rm(file, { force: true })
  /** Where each table's lines stand in the file: [start, end) bytes. */
  const spans = new Map<TableName, [number, number]>()
  let bytes = 0
  try {
    for (const table of TABLES) {
      const start = bytes
      for await (const page of snapshot.pages(table, SPOOL_PAGE_ROWS)) {
        signal?.throwIfAborted()
        const { bytesWritten } = await out.write(`${JSON.stringify(page)}\n`)
        bytes += bytesWritten
        await pace(bytesWritten)
      }
      spans.set(table, [start, bytes])
    }
    await snapshot.finished()
  } catch (error) {
    await remove()
    throw error
  } finally {
    await out.close()
  }
  return {
    label: snapshot.label,
    idHighWater: async () => marks,
    pages: (table) => pagesOf(file, spans.get(table) ?? [0, 0]),
    finished: async () => {},
    remove,
  }
}

/** A table's pages from its span of the spool. */
async function* pagesOf(file: string, [start, end]: [number, number]): AsyncIterable<TableRow[]> {
  if (end === start) return
  const lines = createInterface({ input: createReadStream(file, { start, end: end - 1 }), crlfDelay: Infinity })
  try {
    for await (const line of lines) yield JSON.parse(line) as TableRow[]
  } finally {
    lines.close()
  }
}
