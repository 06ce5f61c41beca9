// The database file as sql.js sees it. sql.js keeps each file of its emulated file system in a
// typed array and touches it only through `length`, `subarray`, `set` and `slice`; handed this
// object instead, SQLite reads its pages from the real file (through the OS page cache) and
// holds in memory only its own page cache and the pages changed since the last checkpoint.
//
// Writes never reach the file here: SQLite's page writes land in `dirty`, and a checkpoint
// freezes them and writes them out (see checkpoint.ts) while new writes start a new set. A read
// looks at the newest copy first: dirty, then frozen (being written), then the log's pages a
// reader took over (see page-log.ts), then the file.
import type { FileIO } from './file-io.ts'

export type Pages = Map<number, Uint8Array>

// Past this a read is not SQLite reading a page but sql.js copying the whole file (an export or
// a truncation): refuse it rather than allocate the database in memory.
const LARGEST_READ = 64 * 1024 * 1024
// Once sql.js has adopted the file, it must believe the storage never needs to grow (it would
// copy the file into a larger array).
const UNBOUNDED = Number.MAX_SAFE_INTEGER

/**
 * Sorted page numbers as runs of neighbours, `[from, to)` indexes into `numbers`, at most `max`
 * pages each: what one read or write of the file can cover.
 */
export function* neighbourRuns(numbers: readonly number[], max = 256): Generator<[from: number, to: number]> {
  for (let from = 0; from < numbers.length;) {
    let to = from + 1
    while (to < numbers.length && numbers[to] === numbers[to - 1] + 1 && to - from < max) to++
    yield [from, to]
    from = to
  }
}

export class PagedFile {
  dirty: Pages = new Map()
  frozen: Pages | null = null
  /** Pages of a complete checkpoint log that is not yet applied to the file (read-only opens). */
  base: Pages | null = null
  #adopted = false
  readonly io: FileIO
  readonly path: string
  /** Size of the file when opened: what sql.js copies as its initial length. */
  readonly initialSize: number
  readonly pageSize: number

  constructor(io: FileIO, path: string, initialSize: number, pageSize: number) {
    this.io = io
    this.path = path
    this.initialSize = initialSize
    this.pageSize = pageSize
  }

  /** sql.js reads `length` once as the file's size, then as the capacity of its storage. */
  get length(): number {
    return this.#adopted ? UNBOUNDED : this.initialSize
  }

  /** Bytes of changed pages held in memory (the current set and one being written). */
  get dirtyBytes(): number {
    return (this.dirty.size + (this.frozen?.size ?? 0)) * this.pageSize
  }

  /** sql.js "copies" the initial contents with slice(0, length): it adopts this object instead. */
  slice(start = 0, end = this.initialSize): PagedFile | Uint8Array {
    if (start === 0 && end === this.initialSize && !this.#adopted) {
      this.#adopted = true
      return this
    }
    return this.copy(start, end)
  }

  /**
   * What sql.js reads through: it copies the bytes out at once, so a whole page may come back
   * as the page held in memory itself, and a read from the file in a buffer reused next time
   * (a large import reads clean pages again and again: a fresh 4 KiB array each time cost more
   * than SQLite's own work). Anything kept must come from `copy`.
   */
  subarray(start: number, end: number): Uint8Array {
    const page = Math.floor(start / this.pageSize)
    if (start === page * this.pageSize && end - start === this.pageSize) {
      const held = this.held(page)
      if (held) return held
      if (this.#scratch.length !== this.pageSize) this.#scratch = new Uint8Array(this.pageSize)
      this.#scratch.fill(0, this.io.readSync(this.path, this.#scratch, start)) // past the end reads as zeros
      return this.#scratch
    }
    return this.copy(start, end)
  }
  #scratch = new Uint8Array(0)

  /** The bytes from `start` to `end` in a new array. */
  copy(start: number, end: number): Uint8Array {
    if (end - start > LARGEST_READ) {
      throw new Error(`refusing to read ${end - start} bytes of ${this.path} at once: the database is paged, not held in memory`)
    }
    const out = new Uint8Array(end - start)
    for (let at = start; at < end; ) {
      const page = Math.floor(at / this.pageSize)
      const pageStart = page * this.pageSize
      const upto = Math.min(end, pageStart + this.pageSize)
      const held = this.held(page)
      if (held) out.set(held.subarray(at - pageStart, upto - pageStart), at - start)
      else this.io.readSync(this.path, out.subarray(at - start, upto - start), at) // past the end stays zero
      at = upto
    }
    return out
  }

  /** The newest copy of a page held in memory, if any. */
  private held(page: number): Uint8Array | undefined {
    return this.dirty.get(page) ?? this.frozen?.get(page) ?? this.base?.get(page)
  }

  /** SQLite writes whole pages; anything else is merged into the page it falls in. */
  set(source: ArrayLike<number>, offset = 0): void {
    // sql.js hands over a view on its heap, an Int8Array: copy its bytes, not its values.
    const bytes = ArrayBuffer.isView(source) ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength) : Uint8Array.from(source)
    for (let done = 0; done < bytes.length; ) {
      const at = offset + done
      const page = Math.floor(at / this.pageSize)
      const within = at - page * this.pageSize
      const length = Math.min(bytes.length - done, this.pageSize - within)
      let copy = this.dirty.get(page)
      if (!copy) {
        // A fresh buffer: the frozen copy is being written out and must not change.
        copy = length === this.pageSize ? new Uint8Array(this.pageSize) : this.copy(page * this.pageSize, (page + 1) * this.pageSize)
        this.dirty.set(page, copy)
      }
      copy.set(bytes.subarray(done, done + length), within)
      done += length
    }
  }

  /** Starts a new set of changes; the current one is returned for a checkpoint to write out. */
  freeze(): Pages {
    if (this.frozen) throw new Error('a checkpoint is already writing pages')
    this.frozen = this.dirty
    this.dirty = new Map()
    return this.frozen
  }

  /** The frozen pages are in the file now. */
  written(): void {
    this.frozen = null
  }
}

/** The page size in a SQLite header (bytes 16-17; 1 means 65536). */
export function pageSizeOf(header: Uint8Array): number {
  const value = (header[16] << 8) | header[17]
  return value === 1 ? 65536 : value
}
