// A backup's point-in-time view while a checkpoint overwrites pages of the file it copies.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createNodeFileIO } from './file-io.ts'
import { PageSnapshot } from './snapshot.ts'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'

const PAGE = 4096
const PAGES = 8

/** A file whose page n is filled with the byte `base + n`. */
function pagesFile(file: string, base: number): void {
  const bytes = new Uint8Array(PAGES * PAGE)
  for (let page = 0; page < PAGES; page++) bytes.fill(base + page, page * PAGE, (page + 1) * PAGE)
  writeFileSync(file, bytes)
}

const firstBytes = (copy: Uint8Array) => Array.from({ length: copy.length / PAGE }, (_, page) => copy[page * PAGE])

describe('PageSnapshot', () => {
  it('copies the file as it was when a checkpoint overwrites pages ahead of the copy, also while their reads are on the way', async () => {
    const file = join(tempDir(), 'db.sqlite')
    pagesFile(file, 10)
    const io = createNodeFileIO()
    onTestFinished(() => io.close())
    const frozen = new Map([[6, new Uint8Array(PAGE).fill(99)]]) // newer than the file: copied as frozen
    const snapshot = new PageSnapshot(io, file, PAGE, PAGES, frozen)

    // A checkpoint is about to write pages 2-7: it asks the snapshot to keep their old bytes,
    // and before those reads come back the copy takes pages 0-3 straight from the file.
    const preserving = snapshot.preserve([7, 2, 3, 4, 5, 6])
    const start = snapshot.next(4)
    await preserving
    expect(snapshot.preservedBytes).toBe(3 * PAGE) // 4, 5 and 7: not 2 and 3 (copied), not 6 (frozen)

    pagesFile(file, 50) // the checkpoint writes
    const rest = snapshot.next(PAGES)
    expect([...firstBytes(start), ...firstBytes(rest)]).toEqual([10, 11, 12, 13, 14, 15, 99, 17])
    expect(snapshot.preservedBytes).toBe(0)
    expect(snapshot.next(PAGES)).toHaveLength(0)
  })
})
