// A point-in-time view of the database file for a backup, while the writer goes on writing.
//
// It is taken under the writer's mutex at a checkpoint's freeze (see durable-db.ts): at that
// moment the database is the file plus the pages that checkpoint froze, and nothing else.
// Afterwards new writes only change pages in memory, and only checkpoints change the file:
// before a checkpoint writes pages into the file, it hands their numbers to `preserve`, which
// keeps the file's current bytes of every page the backup has not copied yet. The backup then
// reads each page as the frozen set had it, else as preserved, else from the file. Memory
// held: the frozen set (a checkpoint's worth) and the pages overwritten ahead of the copy.
import type { FileIO } from './file-io.ts'
import { neighbourRuns, type Pages } from './paged-file.ts'

export class PageSnapshot {
  readonly pageSize: number
  /** Pages in the database at the snapshot (SQLite's page_count). */
  readonly pageCount: number
  readonly #io: FileIO
  readonly #file: string
  /** The pages the snapshot's checkpoint froze: newer than the file, never changed again. */
  readonly #frozen: Pages
  /** The file's bytes of pages a later checkpoint overwrote before the copy reached them. */
  readonly #preserved: Pages = new Map()
  /** Pages below this are copied already. */
  #copied = 0
  #abandoned = false

  constructor(io: FileIO, file: string, pageSize: number, pageCount: number, frozen: Pages) {
    this.#io = io
    this.#file = file
    this.pageSize = pageSize
    this.pageCount = pageCount
    this.#frozen = frozen
  }

  /** Bytes held in memory for the snapshot beyond the frozen set (for tests and benchmarks). */
  get preservedBytes(): number {
    return this.#preserved.size * this.pageSize
  }

  /** The database is closing: the backup stops at its next slice (its file is never renamed into place). */
  abandon(): void {
    this.#abandoned = true
    this.#preserved.clear()
  }

  /**
   * Called by a checkpoint before it writes these pages into the file; it writes them once this
   * resolves. The reads are asynchronous: after a backup's first minutes the file's pages are
   * no longer in the page cache, and reading a checkpoint's thousands of pages one by one on the
   * event loop stalled every request for tens of milliseconds. Until the checkpoint writes, the
   * file still holds these bytes, so a slice `next` copies meanwhile reads them from the file;
   * what it copied is not kept twice.
   */
  async preserve(pages: Iterable<number>): Promise<void> {
    const wanted = [...pages].filter((page) => this.#needs(page)).sort((a, b) => a - b)
    for (const [from, to] of neighbourRuns(wanted)) {
      const bytes = new Uint8Array((to - from) * this.pageSize)
      await this.#io.read(this.#file, bytes, wanted[from] * this.pageSize)
      for (let k = from; k < to; k++) {
        if (this.#needs(wanted[k])) this.#preserved.set(wanted[k], bytes.slice((k - from) * this.pageSize, (k - from + 1) * this.pageSize))
      }
    }
  }

  /** Whether the file's current bytes of `page` must be kept before a checkpoint overwrites them. */
  #needs(page: number): boolean {
    return !this.#abandoned && page >= this.#copied && page < this.pageCount && !this.#frozen.has(page) && !this.#preserved.has(page)
  }

  /**
   * The next `count` pages as of the snapshot, in one buffer; empty once all are copied. The
   * read is synchronous, so no checkpoint write can land between it and the preserved copies
   * (a checkpoint writes only after `preserve` has kept every page this may still copy).
   */
  next(count: number): Uint8Array {
    if (this.#abandoned) throw new Error('the database was closed during the backup')
    const first = this.#copied
    const end = Math.min(this.pageCount, first + count)
    const out = new Uint8Array((end - first) * this.pageSize)
    this.#io.readSync(this.#file, out, first * this.pageSize) // past the end of the file stays zero
    for (let page = first; page < end; page++) {
      const held = this.#frozen.get(page) ?? this.#preserved.get(page)
      if (held) out.set(held, (page - first) * this.pageSize)
      this.#preserved.delete(page)
    }
    this.#copied = end
    return out
  }
}
