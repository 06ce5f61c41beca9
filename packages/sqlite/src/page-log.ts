// The checkpoint's page log, `<file>-pages`: before a checkpoint overwrites pages of the database
// file in place, it writes them here and fsyncs, so a power cut in the middle of the in-place
// writes is repaired by writing them again (the log is complete) and one in the middle of the
// log leaves the file untouched (the log fails its checksum and is ignored).
//
// Layout: a 64-byte header, then `count` entries of (u32 page number, page bytes).
//   0  "GPPAGES1"      16 u32 page size       28 u32 crc32 of the entries
//   8  u8 state        20 u32 count           32 f64 journal sequence the pages hold
//   12 u32 generation  24 u32 unused          40 u32 crc32 of bytes 0-39
// State "frozen": a checkpoint began (its pages are frozen and the journal is being rotated);
// "logged": entries complete and fsynced, maybe not yet in the file; "applied": the file has
// them and the entries are cut off. Only "logged" asks anything of a crash recovery. The
// generation counts checkpoints: a read-only process compares generation and state before and
// after a read to know that no checkpoint rotated the journal or rewrote pages under it.
import { dirname } from 'node:path'
import { crc32 } from 'node:zlib'
import type { FileIO } from './file-io.ts'
import { neighbourRuns, type Pages } from './paged-file.ts'

const MAGIC = 'GPPAGES1'
const HEADER = 64
export type LogState = 'frozen' | 'logged' | 'applied'
const STATES: LogState[] = ['frozen', 'logged', 'applied']

export interface PageLog {
  state: LogState
  generation: number
  seq: number
  pageSize: number
  pages: Pages
}

export const pageLogPath = (file: string) => `${file}-pages`

function header(state: LogState, generation: number, seq: number, pageSize: number, count: number, entriesCrc: number): Buffer {
  const out = Buffer.alloc(HEADER)
  out.write(MAGIC, 0, 'latin1')
  out.writeUInt8(STATES.indexOf(state) + 1, 8)
  out.writeUInt32LE(generation, 12)
  out.writeUInt32LE(pageSize, 16)
  out.writeUInt32LE(count, 20)
  out.writeUInt32LE(entriesCrc, 28)
  out.writeDoubleLE(seq, 32)
  out.writeUInt32LE(crc32(out.subarray(0, 40)), 40)
  return out
}

function parseHeader(bytes: Uint8Array): Omit<PageLog, 'pages'> & { count: number; entriesCrc: number } | null {
  if (bytes.length < HEADER) return null
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, HEADER)
  if (buf.toString('latin1', 0, 8) !== MAGIC || buf.readUInt32LE(40) !== crc32(buf.subarray(0, 40))) return null
  const state = STATES[buf.readUInt8(8) - 1]
  if (!state) return null
  return {
    state,
    generation: buf.readUInt32LE(12),
    pageSize: buf.readUInt32LE(16),
    count: buf.readUInt32LE(20),
    entriesCrc: buf.readUInt32LE(28),
    seq: buf.readDoubleLE(32),
  }
}

/** The log as it is on disk; null if missing, torn or corrupt (then the file was never touched by it). */
export async function readPageLog(io: FileIO, file: string): Promise<PageLog | null> {
  const data = await io.readFile(pageLogPath(file))
  const head = data && parseHeader(data)
  if (!data || !head) return null
  const pages: Pages = new Map()
  if (head.state === 'logged') {
    const entrySize = 4 + head.pageSize
    const entries = data.subarray(HEADER, HEADER + head.count * entrySize)
    if (entries.length !== head.count * entrySize || crc32(entries) !== head.entriesCrc) return null
    for (let at = 0; at < entries.length; at += entrySize) {
      pages.set(entries.readUInt32LE(at), Uint8Array.prototype.slice.call(entries, at + 4, at + entrySize))
    }
  }
  return { state: head.state, generation: head.generation, seq: head.seq, pageSize: head.pageSize, pages }
}

/** The generation and state now, read synchronously (a read-only process checks it around each read). */
export function pageLogStamp(io: FileIO, file: string): string {
  const bytes = new Uint8Array(HEADER)
  const head = parseHeader(bytes.subarray(0, io.readSync(pageLogPath(file), bytes, 0)))
  return head ? `${head.generation}:${head.state}` : 'none'
}

/** Writes the pages to the log and fsyncs it: from here on a crash repairs the file from the log. */
export async function writePageLog(io: FileIO, file: string, log: Omit<PageLog, 'state'>): Promise<void> {
  const path = pageLogPath(file)
  const numbers = [...log.pages.keys()].sort((a, b) => a - b)
  const entrySize = 4 + log.pageSize
  // In chunks, so a large checkpoint does not hold a second copy of its pages at once.
  let crc = 0
  for (let first = 0; first < numbers.length; first += CHUNK_PAGES) {
    const chunk = numbers.slice(first, first + CHUNK_PAGES)
    const entries = Buffer.alloc(chunk.length * entrySize)
    chunk.forEach((page, i) => {
      entries.writeUInt32LE(page, i * entrySize)
      entries.set(log.pages.get(page)!, i * entrySize + 4)
    })
    crc = crc32(entries, crc)
    await io.write(path, entries, HEADER + first * entrySize)
  }
  // Entries first, header last: until the header names them, the old header stays valid and its
  // (applied or frozen) state says the file needs nothing from this log.
  await io.write(path, header('logged', log.generation, log.seq, log.pageSize, numbers.length, crc), 0)
  await io.sync(path)
  await io.syncDirectory(dirname(path)) // the first log's directory entry
}

const CHUNK_PAGES = 256

/** Writes the pages into the database file (runs of neighbours in one write each) and fsyncs it. */
export async function applyPages(io: FileIO, file: string, pages: Pages, pageSize: number): Promise<void> {
  const numbers = [...pages.keys()].sort((a, b) => a - b)
  for (const [from, to] of neighbourRuns(numbers)) {
    const run = Buffer.concat(numbers.slice(from, to).map((page) => pages.get(page)!))
    await io.write(file, run, numbers[from] * pageSize)
  }
  await io.sync(file)
}

/**
 * Marks the log frozen or applied, with no entries. No fsync: a crash may leave the previous
 * state, and repeating an applied log or ignoring a frozen one is harmless.
 */
export async function markPageLog(io: FileIO, file: string, state: 'frozen' | 'applied', log: Pick<PageLog, 'generation' | 'seq' | 'pageSize'>): Promise<void> {
  const path = pageLogPath(file)
  await io.write(path, header(state, log.generation, log.seq, log.pageSize, 0, crc32(Buffer.alloc(0))), 0)
  await io.truncate(path, HEADER)
}
