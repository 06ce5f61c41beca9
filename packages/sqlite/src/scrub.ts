// Zeroing the file's free pages, so that nothing deleted or overwritten can be read from it
// (used once plain-text secrets of an earlier release are sealed). Cells freed inside a page
// that is written anyway are zeroed at every write (`secure_delete = FAST`, set at open); free
// pages are not, so here a scratch table takes every free page with a blob of zeros and gives
// them back, in slices that keep each transaction's changed pages small. A checkpoint then
// writes the zeroed pages into the file and empties the journal.
import type { SqlDatabase } from './durable-db.ts'

/** Free pages zeroed per transaction: 8 MiB of 4 KiB pages. */
const PAGES_PER_SLICE = 2048
const SCRATCH = 'scrub_free_pages'

export async function scrubFreePages(db: SqlDatabase): Promise<void> {
  await db.write((w) => void w.run(`CREATE TABLE IF NOT EXISTS ${SCRATCH} (zeros BLOB NOT NULL)`))
  // Each slice takes free pages; it may also add one to the file. Bounded in case it never ends.
  for (let slice = 0; slice < 1_000_000; slice += 1) {
    const taken = await db.write((w) => {
      const free = Number(w.get<{ freelist_count: number }>('PRAGMA freelist_count')!.freelist_count)
      if (free === 0) return false
      const pageSize = Number(w.get<{ page_size: number }>('PRAGMA page_size')!.page_size)
      // An overflow page holds its page less a 4-byte link to the next one.
      w.run(`INSERT INTO ${SCRATCH} (zeros) VALUES (zeroblob(?))`, [Math.min(free, PAGES_PER_SLICE) * (pageSize - 4)])
      return true
    })
    if (!taken) break
  }
  // The pages go back to the free list still holding the zeros written into them.
  for (;;) {
    const more = await db.write((w) => w.run(`DELETE FROM ${SCRATCH} WHERE rowid = (SELECT MIN(rowid) FROM ${SCRATCH})`).changes > 0)
    if (!more) break
  }
  await db.write((w) => void w.run(`DROP TABLE ${SCRATCH}`))
  await db.checkpoint()
}
