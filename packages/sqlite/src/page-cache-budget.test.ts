import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { openSqlDatabase, type SqlDatabase } from './durable-db.ts'
import { createNodeFileIO, type FileIO } from './file-io.ts'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'

// A parent row every insert checks (its foreign key), and rows big enough that a transaction of
// a few hundred changes far more pages than the 64 KiB (16-page) cache holds.
const schema = [`CREATE TABLE parent (id INTEGER PRIMARY KEY);
CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent (id), v TEXT NOT NULL);
CREATE INDEX child_by_v ON child (v);`]
const CACHE_KIB = 64
const ROWS = 400

/** The real file system, counting the page reads that reach the database file. */
function countingIO(): FileIO & { reads: number } {
  const io = createNodeFileIO()
  const counting = Object.assign(Object.create(io) as FileIO, { reads: 0 })
  counting.readSync = (path, buffer, position) => {
    if (path.endsWith('.sqlite')) counting.reads++
    return io.readSync(path, buffer, position)
  }
  return counting as FileIO & { reads: number }
}

async function openWithParent(io: FileIO): Promise<SqlDatabase> {
  const db = await openSqlDatabase({
    file: join(tempDir(), 'db.sqlite'), io, migrations: schema, cacheKiB: CACHE_KIB, idleCheckpointMs: 60_000,
    onOpen: (w) => void w.run('PRAGMA foreign_keys = ON'),
  })
  onTestFinished(() => db.close())
  await db.write((w) => w.run('INSERT INTO parent (id) VALUES (1)'))
  await db.checkpoint() // the parent's page is now clean and read from the file when needed
  return db
}

const row = (i: number) => [1, `${String(i).padStart(6, '0')} ${'x'.repeat(500)}`]
const cacheSize = (db: SqlDatabase) => db.read((r) => Number(r.get<{ cache_size: number }>('PRAGMA cache_size')!.cache_size))

describe('the page cache during a large write transaction', () => {
  it('keeps the clean pages it needs: the parent row is not read again for every insert', async () => {
    const io = countingIO()
    const db = await openWithParent(io)
    const before = io.reads
    await db.write((w) => {
      for (let i = 0; i < ROWS; i++) w.run('INSERT INTO child (parent_id, v) VALUES (?, ?)', row(i))
    })
    // Past the 16 pages, a cache full of changed pages used to evict the parent's page at once:
    // one read per insert from then on (about 360 here). Now a few dozen at most, while the
    // budget lags its first look and the 16 statements between looks (a real cache is 16 MiB).
    expect(io.reads - before).toBeLessThan(ROWS / 10)
    expect(await db.read((r) => r.get('SELECT COUNT(*) AS n FROM child'))).toEqual({ n: ROWS })
    expect(await cacheSize(db)).toBe(-CACHE_KIB) // back to the configured size after the commit
  })

  it('returns to the configured size after a rollback too, with nothing written', async () => {
    const db = await openWithParent(countingIO())
    await expect(db.write((w) => {
      for (let i = 0; i < ROWS; i++) w.run('INSERT INTO child (parent_id, v) VALUES (?, ?)', row(i))
      throw new Error('changed my mind')
    })).rejects.toThrow('changed my mind')
    expect(await cacheSize(db)).toBe(-CACHE_KIB)
    expect(await db.read((r) => r.get('SELECT COUNT(*) AS n FROM child'))).toEqual({ n: 0 })
  })

  it('leaves a small transaction alone', async () => {
    const db = await openWithParent(countingIO())
    await db.write((w) => {
      for (let i = 0; i < 10; i++) w.run('INSERT INTO child (parent_id, v) VALUES (?, ?)', row(i))
      expect(Number(w.get<{ cache_size: number }>('PRAGMA cache_size')!.cache_size)).toBe(-CACHE_KIB)
    })
  })
})
