import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createNodeFileIO } from './file-io.ts'
import { encodeRecord, type JournalRecord, openJournalWriter, readJournals, replayJournal } from './journal.ts'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'

const record = (seq: number): JournalRecord => ({ seq, stmts: [['INSERT INTO t VALUES (?, ?)', [seq, 'é ✓']]] })
const journalOf = (...records: (JournalRecord | Buffer)[]) =>
  Buffer.concat(records.map((r) => (Buffer.isBuffer(r) ? r : encodeRecord(r))))

const io = createNodeFileIO()
const seqs = async (file: string) => (await readJournals(io, file)).records.map((r) => r.seq)

async function readBytes(bytes: Buffer, old?: Buffer) {
  const file = join(tempDir(), 'db.sqlite')
  writeFileSync(`${file}-journal`, bytes)
  if (old) writeFileSync(`${file}-journal-old`, old)
  return seqs(file)
}

describe('readJournals', () => {
  it('reads every complete record, in order', async () => {
    expect(await readBytes(journalOf(record(4), record(5), record(6)))).toEqual([4, 5, 6])
  })

  it('gives back each statement as it was written, multi-byte text included', async () => {
    const file = join(tempDir(), 'db.sqlite')
    writeFileSync(`${file}-journal`, journalOf(record(1), record(2)))
    expect((await readJournals(io, file)).records).toEqual([record(1), record(2)])
  })

  it('treats a missing journal as empty', async () => {
    expect(await readJournals(io, join(tempDir(), 'none'))).toEqual({ records: [], bytes: 0, old: false })
  })

  it('reads the old journal of an unfinished checkpoint first, then the current one', async () => {
    expect(await readBytes(journalOf(record(3), record(4)), journalOf(record(1), record(2)))).toEqual([1, 2, 3, 4])
  })

  it.each([
    ['an unterminated last line', journalOf(record(1), encodeRecord(record(2)).subarray(0, 20))],
    ['a bad checksum', journalOf(record(1), Buffer.from(encodeRecord(record(2)).toString().replace('INSERT', 'UPSERT')), record(3))],
    ['a line that is not JSON', journalOf(record(1), Buffer.from('00000000 {oops\n'), record(3))],
    ['a gap in the sequence', journalOf(record(1), record(3))],
    ['garbage bytes', journalOf(record(1), Buffer.from([0xff, 0x00, 0x0a]))],
  ])('stops at %s', async (_name, bytes) => {
    expect(await readBytes(bytes)).toEqual([1])
  })
})

describe('replayJournal', () => {
  it('skips records the database image already holds', async () => {
    const applied: unknown[] = []
    const target = { run: (_sql: string, params: unknown[]) => applied.push(params[0]), transaction: async (fn: () => void) => fn() }
    expect(await replayJournal(target, [record(1), record(2), record(3)], 2)).toBe(3)
    expect(applied).toEqual([3])
  })
})

describe('openJournalWriter', () => {
  it('appends records with increasing sequence numbers, one fsync per batch', async () => {
    const file = join(tempDir(), 'db.sqlite')
    let flushed = 0
    const journal = await openJournalWriter(io, file, { lastSeq: 10, bytes: 0, onFlushed: () => flushed++ })
    await Promise.all([1, 2, 3].map((n) => journal.append([['SELECT ?', [n]]])))
    expect(await seqs(file)).toEqual([11, 12, 13])
    expect(journal.stats).toMatchObject({ records: 3, batches: 2 }) // the first, then the two that waited
    expect(flushed).toBe(2)
    await journal.truncate()
    expect(readFileSync(`${file}-journal`)).toHaveLength(0)
    await journal.append([['SELECT 1', []]])
    expect(await seqs(file)).toEqual([14])
  })

  it('rotates: the records so far become the old journal, appends go on in a new one', async () => {
    const file = join(tempDir(), 'db.sqlite')
    const journal = await openJournalWriter(io, file, { lastSeq: 0, bytes: 0, onFlushed: () => {} })
    await journal.append([['SELECT 1', []]])
    journal.rotate()
    await journal.append([['SELECT 2', []]])
    expect(readFileSync(`${file}-journal-old`).toString()).toContain('SELECT 1')
    expect(readFileSync(`${file}-journal`).toString()).not.toContain('SELECT 1')
    expect(await seqs(file)).toEqual([1, 2])
    await journal.removeOld()
    expect(await seqs(file)).toEqual([2])
  })

  it('refuses every append after a failed write, so nothing follows a partial record', async () => {
    const file = join(tempDir(), 'db.sqlite')
    const failing = { ...io, write: () => Promise.reject(new Error('disk full')) }
    const journal = await openJournalWriter(failing, file, { lastSeq: 0, bytes: 0, onFlushed: () => {} })
    await expect(journal.append([['SELECT 1', []]])).rejects.toThrow(/disk full/)
    await expect(journal.append([['SELECT 2', []]])).rejects.toThrow(/disk full/)
    await expect(journal.drain()).rejects.toThrow(/disk full/)
  })
})
