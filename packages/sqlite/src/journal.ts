// The write-ahead journal beside the database: one line per committed write
// transaction, `<crc32 hex> <json>\n` with json = { seq, stmts: [[sql, params]] }. Appends are
// group-committed: transactions that commit while an fsync is in flight share the next one.
//
// A checkpoint rotates it: `<file>-journal` becomes `<file>-journal-old` and appends go on in a
// new `<file>-journal`, so writes continue while the checkpoint writes pages; the old one is
// removed once the database file holds its records. Opening reads the old one, then the new.
import { dirname } from 'node:path'
import { crc32 } from 'node:zlib'
import type { FileIO } from './file-io.ts'

export type JournalParam = string | number | null
export type JournalStatement = [sql: string, params: JournalParam[]]
export interface JournalRecord { seq: number; stmts: JournalStatement[] }

export function encodeRecord(record: JournalRecord): Buffer {
  // The JSON is encoded straight into the line: a bulk import's record is a hundred megabytes,
  // and each extra copy of it would cost as much memory again.
  const json = JSON.stringify(record)
  const line = Buffer.allocUnsafe(9 + Buffer.byteLength(json) + 1)
  line.write(json, 9, 'utf8')
  line.write(`${hex(crc32(line.subarray(9, -1)))} `, 0, 'latin1')
  line[line.length - 1] = 0x0a
  return line
}

export const journalPath = (file: string) => `${file}-journal`
export const oldJournalPath = (file: string) => `${file}-journal-old`

/**
 * The complete records of the database's journals (the old one first), in order. The first line
 * that is unterminated, fails its checksum or breaks the sequence ends the list: that is the
 * torn tail of a crash mid-append. `bytes` is the size of the current journal.
 */
export async function readJournals(io: FileIO, file: string): Promise<{ records: JournalRecord[]; bytes: number; old: boolean }> {
  const old = await io.readFile(oldJournalPath(file))
  const current = await io.readFile(journalPath(file))
  const records: JournalRecord[] = []
  for (const data of [old, current]) {
    if (data && !readRecords(data, records)) break
  }
  return { records, bytes: current?.length ?? 0, old: old !== null }
}

/** Appends the records of `data` to `records`; false if it ended in a torn or foreign line. */
function readRecords(data: Buffer, records: JournalRecord[]): boolean {
  for (let start = 0; start < data.length; ) {
    const end = data.indexOf(0x0a, start)
    const record = end < 0 ? undefined : decodeLine(data.subarray(start, end))
    const previous = records.at(-1)
    if (!record || (previous && record.seq !== previous.seq + 1)) return false
    records.push(record)
    start = end + 1
  }
  return true
}

function decodeLine(line: Buffer): JournalRecord | undefined {
  const json = line.subarray(9)
  if (line[8] !== 0x20 || line.subarray(0, 8).toString('latin1') !== hex(crc32(json))) return undefined
  try {
    const record = JSON.parse(json.toString('utf8')) as JournalRecord
    return Number.isSafeInteger(record.seq) && Array.isArray(record.stmts) ? record : undefined
  } catch {
    return undefined
  }
}

const hex = (n: number) => n.toString(16).padStart(8, '0')

/** What replay needs of a connection: statements that bypass the journal, in a transaction. */
export interface ReplayTarget {
  run(sql: string, params: JournalParam[]): unknown
  transaction(fn: () => void): Promise<unknown>
}

/**
 * Applies, each in its own transaction, the records newer than `afterSeq` (the sequence the
 * database image already holds, so a crash between checkpoint rename and journal truncation
 * never applies a transaction twice). Returns the last sequence the database now holds.
 */
export async function replayJournal(db: ReplayTarget, records: JournalRecord[], afterSeq: number): Promise<number> {
  let seq = afterSeq
  for (const record of records) {
    if (record.seq <= seq) continue
    try {
      await db.transaction(() => record.stmts.forEach(([sql, params]) => db.run(sql, params)))
    } catch (error) {
      // Statements are deterministic, so a record that applied once applies again; if not,
      // stop rather than open a database that silently differs from what was acknowledged.
      throw new Error(`cannot replay journal record ${record.seq}: ${String(error)}`, { cause: error })
    }
    seq = record.seq
  }
  return seq
}

export interface JournalStats { records: number; batches: number; bytes: number }

export interface JournalWriter {
  /** Sequence number of the last record appended (or of the checkpointed state it follows). */
  readonly lastSeq: number
  readonly bytes: number
  readonly stats: JournalStats
  /** Queues one transaction; resolves once its record is on disk. Order of calls = order on disk. */
  append(stmts: JournalStatement[]): Promise<void>
  /** Resolves when every queued record is on disk (rejects if the journal failed). */
  drain(): Promise<void>
  /**
   * After drain(): moves the journal aside as the old one and starts an empty one (durably, so
   * the new one's records survive a crash). The old one must be gone (see removeOld). Returns at
   * once: the files change before the next batch is written, outside the caller's mutex.
   */
  rotate(): void
  /** Removes the old journal once the database file holds its records. */
  removeOld(): Promise<void>
  /** Empties the journal once the database file holds all its records (at open, nothing is appended meanwhile). */
  truncate(): Promise<void>
}

/** Appends to the database's journal; `lastSeq` is the sequence the next record must follow. */
export async function openJournalWriter(
  io: FileIO, file: string, options: { lastSeq: number; bytes: number; /** after each batch reached the disk */ onFlushed: () => void },
): Promise<JournalWriter> {
  const path = journalPath(file)
  let lastSeq = options.lastSeq
  let bytes = options.bytes
  let onDisk = bytes
  const stats: JournalStats = { records: 0, batches: 0, bytes: 0 }
  let queue: { data: Buffer; done: Deferred }[] = []
  let flushing: Promise<void> | null = null
  // After a failed write or fsync the file may end in a partial record, and a record appended
  // after it would never be replayed: refuse all further appends (the database must be reopened).
  let failure: unknown = null

  // A rotation waiting to happen before the next batch (see rotate).
  let rotation: Promise<void> = Promise.resolve()

  async function flushLoop(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue
      queue = []
      try {
        await rotation
        const data = batch.length === 1 ? batch[0].data : Buffer.concat(batch.map((entry) => entry.data))
        await io.write(path, data, onDisk)
        await io.sync(path)
        onDisk += data.length
        stats.batches++
        batch.forEach((entry) => entry.done.resolve())
      } catch (error) {
        failure = error
        for (const entry of [...batch, ...queue]) entry.done.reject(error)
        queue = []
      }
      // After every batch, not when the queue runs dry: under steady load it never does.
      if (!failure) options.onFlushed()
    }
    flushing = null
  }

  return {
    get lastSeq() { return lastSeq },
    get bytes() { return bytes },
    stats,
    append(stmts) {
      if (failure) return Promise.reject(failure)
      const data = encodeRecord({ seq: ++lastSeq, stmts })
      const done = deferred()
      queue.push({ data, done })
      bytes += data.length
      stats.records++
      stats.bytes += data.length
      flushing ??= flushLoop()
      return done.promise
    },
    async drain() {
      while (flushing) await flushing
      if (failure) throw failure
    },
    rotate() {
      if (bytes === 0) return
      bytes = 0
      rotation = (async () => {
        await io.rename(path, oldJournalPath(file))
        await io.write(path, new Uint8Array(0), 0)
        await io.syncDirectory(dirname(path))
        onDisk = 0
      })()
      rotation.catch(() => {}) // a failed rotation fails the next batch and removeOld
    },
    async removeOld() {
      await rotation
      await io.remove(oldJournalPath(file))
    },
    async truncate() {
      await rotation
      await io.truncate(path, 0)
      await io.sync(path)
      bytes = onDisk = 0
    },
  }
}

interface Deferred { promise: Promise<void>; resolve(): void; reject(error: unknown): void }

function deferred(): Deferred {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej })
  return { promise, resolve, reject }
}
