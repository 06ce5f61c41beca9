// A backup of a database that is not a file (PostgreSQL): its snapshot, read a page at a time,
// written into a new file database, the format `serve --db FILE` opens. As with a file's backup
// (backup.ts) the file is written under a temporary name, fsynced, checked with SQLite's
// integrity_check in a child process and only then renamed; it never replaces a file, and a crash
// leaves at most the temporary file (and its journal), which the next backup removes.
//
// Each page is a write transaction of its own on the new file (nobody opens it before the rename,
// so it needs no all-or-nothing of its own), and memory holds a page, not a table. The counters
// start at 0 and the file's triggers count the copied rows (withCountersZeroed), as db copy does;
// at the end every table's count and every counter are checked against the snapshot's.
import { dirname } from 'node:path'
import {
  COUNTED_COLUMNS, type DatabaseTables, type TableName, type TableRow, type TableSnapshot, TABLES, withCountersZeroed,
} from '@game-picker/core'
import { BackupTargetExistsError, partialPath } from './backup.ts'
import { createNodeFileIO, type FileIO } from './file-io.ts'
import { journalPath, oldJournalPath } from './journal.ts'
import { withPacedFlushes } from './paced-flush.ts'
import { pageLogPath } from './page-log.ts'
import { openSqliteTables } from './tables.ts'
import { checkIntegrity } from './verify.ts'

export interface SnapshotFileOptions {
  /** Checks the finished temporary file; default SQLite's integrity_check in a child process. */
  verify?: (file: string) => Promise<void>
  /** Rows per page (default 500: a few milliseconds of sql.js inserts on the server's thread). */
  pageRows?: number
  /**
   * After each page, wait as long as writing it took (default true): the writer works at most
   * half the time. Where it shares a thread with requests, they get the other half; in a process
   * of its own at idle priority (the CLI's server), a page that waited for the CPU rests as long
   * again, so the backup slows down when the machine is busy and its writes (flushed a MiB at a
   * time: paced-flush.ts) never crowd the server's on the disk.
   */
  rest?: boolean
  /** Aborted: the write stops at the next page or before the rename, its partial file removed. */
  signal?: AbortSignal
}

export async function writeSnapshotFile(snapshot: TableSnapshot, target: string, options: SnapshotFileOptions = {}): Promise<{ bytes: number }> {
  const io = createNodeFileIO()
  const temp = partialPath(target)
  try {
    if ((await io.size(target)) !== null) throw new BackupTargetExistsError(target)
    await removeDatabaseFiles(io, temp) // left by a backup that was killed
    const tables = await openSqliteTables({ file: temp, io: withPacedFlushes(createNodeFileIO()) })
    try {
      await copySnapshot(snapshot, tables, options)
    } finally {
      await tables.close() // checkpoints: every page is in the file
    }
    await removeDatabaseFiles(io, temp, { keepFile: true }) // the emptied journal, the lock
    await io.sync(temp)
    await (options.verify ?? checkIntegrity)(temp)
    options.signal?.throwIfAborted()
    if ((await io.size(target)) !== null) throw new BackupTargetExistsError(target)
    await io.rename(temp, target)
    await io.syncDirectory(dirname(target))
    return { bytes: (await io.size(target)) ?? 0 }
  } catch (error) {
    await removeDatabaseFiles(io, temp).catch(() => {})
    throw error
  } finally {
    await io.close()
  }
}

async function copySnapshot(snapshot: TableSnapshot, tables: DatabaseTables, options: SnapshotFileOptions): Promise<void> {
  const size = options.pageRows ?? 500
  const marks = await snapshot.idHighWater()
  const counted = new Map<TableName, number>()
  // The counters the snapshot holds, by row key: a few numbers per game and poll candidate.
  const counters = new Map<TableName, Map<string, TableRow>>()
  for (const table of TABLES) {
    let rows = 0
    for await (const page of snapshot.pages(table, size)) {
      options.signal?.throwIfAborted()
      rows += page.length
      rememberCounters(counters, table, page)
      const started = performance.now()
      await tables.write((writer) => writer.insert(table, withCountersZeroed(table, page)))
      if (options.rest ?? true) await new Promise((resolve) => setTimeout(resolve, performance.now() - started))
    }
    counted.set(table, rows)
  }
  await snapshot.finished()
  await tables.write((writer) => writer.raiseIdHighWater(marks))
  for (const table of TABLES) {
    const rows = await tables.count(table)
    if (rows !== counted.get(table)) throw new Error(`the backup has ${rows} rows of ${table}, the snapshot of ${snapshot.label} ${counted.get(table)}`)
  }
  for (const [table, expected] of counters) {
    for (const row of await tables.rows(table)) {
      const want = expected.get(rowKey(table, row))
      const column = COUNTED_COLUMNS[table]!.find((name) => row[name] !== want?.[name])
      if (column) throw new Error(`the backup's ${table} ${column} does not match the snapshot of ${snapshot.label}`)
    }
  }
}

function rememberCounters(counters: Map<TableName, Map<string, TableRow>>, table: TableName, page: readonly TableRow[]): void {
  const columns = COUNTED_COLUMNS[table]
  if (!columns) return
  let kept = counters.get(table)
  if (!kept) counters.set(table, (kept = new Map()))
  for (const row of page) kept.set(rowKey(table, row), Object.fromEntries(columns.map((column) => [column, row[column]])))
}

const rowKey = (table: TableName, row: TableRow) => table === 'poll_candidates' ? `${row.poll_id}:${row.number}` : String(row.id)

/** The files a writer keeps beside a database while it is open. */
export const writerSideFiles = (file: string) => [journalPath(file), oldJournalPath(file), pageLogPath(file), `${file}.lock`, `${file}.checkpoint-tmp`]

/** The files a writer leaves beside a database, and (unless `keepFile`) the database itself. */
async function removeDatabaseFiles(io: FileIO, file: string, { keepFile = false } = {}): Promise<void> {
  for (const path of writerSideFiles(file)) await io.remove(path)
  if (!keepFile) await io.remove(file)
}
