import { appendFileSync, copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { type OpenOptions, openSqlDatabase, readJournalStats, type SqlDatabase } from './durable-db.ts'
import { encodeRecord } from './journal.ts'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'

const schema = ['CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)']

async function open(options: OpenOptions = {}): Promise<SqlDatabase> {
  const db = await openSqlDatabase({ migrations: schema, idleCheckpointMs: 60_000, ...options })
  onTestFinished(() => db.close())
  return db
}

const insert = (db: SqlDatabase, v: string) => db.write((w) => w.run('INSERT INTO t (v) VALUES (?)', [v]))
const values = (db: SqlDatabase) => db.read((r) => r.all<{ v: string }>('SELECT v FROM t ORDER BY id').map((row) => row.v))

/** What a crash right now would leave on disk: a copy of the database file, its journals and page log. */
function crashCopy(file: string, dir: string): string {
  const copy = join(dir, `crash-${Math.random().toString(36).slice(2)}.sqlite`)
  for (const suffix of ['', '-journal', '-journal-old', '-pages']) {
    if (existsSync(file + suffix)) copyFileSync(file + suffix, copy + suffix)
  }
  return copy
}

describe.each([
  ['in memory', () => undefined],
  ['file-backed', () => join(tempDir(), 'db.sqlite')],
])('openSqlDatabase %s', (_name, makeFile) => {
  it('round-trips writes and reads and reports run results', async () => {
    const db = await open({ file: makeFile() })
    const first = await insert(db, 'a')
    const second = await insert(db, 'b')
    expect(first).toEqual({ changes: 1, lastInsertRowid: 1 })
    expect(second.lastInsertRowid).toBe(2)
    expect(await values(db)).toEqual(['a', 'b'])
    expect(await db.read((r) => r.get('SELECT v FROM t WHERE id = ?', [2]))).toEqual({ v: 'b' })
    expect(await db.read((r) => r.get('SELECT v FROM t WHERE id = ?', [9]))).toBeUndefined()
  })

  it('a cached SELECT * shows the columns a later ALTER TABLE adds, in one statement or several', async () => {
    const db = await open({ file: makeFile() })
    await insert(db, 'a')
    const row = () => db.read((r) => r.get('SELECT * FROM t'))
    expect(await row()).toEqual({ id: 1, v: 'a' })
    await db.write((w) => w.run('ALTER TABLE t ADD COLUMN w TEXT'))
    expect(await row()).toEqual({ id: 1, v: 'a', w: null })
    await db.write((w) => w.run("ALTER TABLE t ADD COLUMN x TEXT; UPDATE t SET x = 'b'"))
    expect(await row()).toEqual({ id: 1, v: 'a', w: null, x: 'b' })
  })

  it('rolls back a transaction whose function throws or rejects', async () => {
    const db = await open({ file: makeFile() })
    const journaled = readJournalStats(db)?.records
    const boom = new Error('boom')
    await expect(db.write((w) => { w.run('INSERT INTO t (v) VALUES (?)', ['x']); throw boom })).rejects.toBe(boom)
    await expect(db.write(async (w) => {
      w.run('INSERT INTO t (v) VALUES (?)', ['y'])
      await Promise.resolve()
      throw boom
    })).rejects.toBe(boom)
    expect(await values(db)).toEqual([])
    expect(readJournalStats(db)?.records).toBe(journaled)
  })

  it('bumps version only for committed transactions that ran statements', async () => {
    const db = await open({ file: makeFile() })
    const start = db.version
    await insert(db, 'a')
    await db.write((w) => w.all('SELECT * FROM t'))
    await db.write(() => { throw new Error('no') }).catch(() => {})
    expect(db.version).toBe(start + 1)
  })

  it('runs multi-statement SQL atomically', async () => {
    const db = await open({ file: makeFile() })
    await db.write((w) => {
      w.run('CREATE TABLE a (x); CREATE TABLE b (y); -- trailing comment')
      // The second statement fails: the first must leave no trace either.
      expect(() => w.run('INSERT INTO a VALUES (1); INSERT INTO missing VALUES (2)')).toThrow(/missing/)
      expect(() => w.run('INSERT INTO a VALUES (?); SELECT 1', [1])).toThrow(/single SQL statement/)
    })
    expect(await db.read((r) => r.all('SELECT * FROM a'))).toEqual([])
  })

  it('refuses a writer used after its transaction ended', async () => {
    const db = await open({ file: makeFile() })
    const leaked = await db.write((w) => w)
    expect(() => leaked.run('INSERT INTO t (v) VALUES (?)', ['late'])).toThrow(/finished transaction/)
  })

  it('rejects calls after close, and close is idempotent', async () => {
    const db = await openSqlDatabase({ file: makeFile(), migrations: schema })
    await Promise.all([db.close(), db.close()])
    await db.close()
    await expect(insert(db, 'a')).rejects.toThrow(/closed/)
    await expect(values(db)).rejects.toThrow(/closed/)
  })

  it('keeps prepared statements and onOpen PRAGMAs working across a checkpoint', async () => {
    const db = await open({
      file: makeFile(),
      migrations: ['CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (id INTEGER PRIMARY KEY, p INTEGER REFERENCES p (id))'],
      onOpen: (w) => void w.run('PRAGMA foreign_keys = ON'),
    })
    const addChild = (p: number) => db.write((w) => w.run('INSERT INTO c (p) VALUES (?)', [p]))
    await db.write((w) => w.run('INSERT INTO p (id) VALUES (?)', [1]))
    await addChild(1)
    await db.checkpoint()
    await addChild(1) // the same cached SQL after the export
    await expect(addChild(2)).rejects.toThrow(/FOREIGN KEY/)
    expect(await db.read((r) => r.get('PRAGMA foreign_keys'))).toEqual({ foreign_keys: 1 })
    expect(await db.read((r) => r.all('SELECT p FROM c'))).toEqual([{ p: 1 }, { p: 1 }])
  })

  it('runs migrations once and sets user_version', async () => {
    const db = await open({ file: makeFile(), migrations: [...schema, 'ALTER TABLE t ADD COLUMN w TEXT'] })
    expect(await db.read((r) => r.get('PRAGMA user_version'))).toEqual({ user_version: 2 })
    expect(await db.read((r) => r.all('SELECT name FROM pragma_table_info(?)', ['t']))).toHaveLength(3)
  })
})

describe('openSqlDatabase on a file', () => {
  it('returns every acknowledged write after a clean reopen (checkpointed on close)', async () => {
    const file = join(tempDir(), 'db.sqlite')
    const db = await openSqlDatabase({ file, migrations: schema })
    await Promise.all(['a', 'b', 'c'].map((v) => insert(db, v)))
    await db.close()
    expect(statSync(`${file}-journal`).size).toBe(0)
    expect(await values(await open({ file }))).toEqual(['a', 'b', 'c'])
  })

  it('returns every acknowledged write after a crash, from the journal alone', async () => {
    const dir = tempDir()
    const db = await open({ file: join(dir, 'db.sqlite') })
    await insert(db, 'a')
    await db.checkpoint()
    await insert(db, 'b')
    await db.write((w) => w.all('INSERT INTO t (v) VALUES (?) RETURNING id', ['c']))
    const crashed = crashCopy(join(dir, 'db.sqlite'), dir)
    expect(await values(await open({ file: crashed }))).toEqual(['a', 'b', 'c'])
  })

  it('creates the file at open', async () => {
    const file = join(tempDir(), 'new.sqlite')
    await open({ file })
    expect(existsSync(file)).toBe(true)
  })

  it('drops a torn last record and never appends after it', async () => {
    const dir = tempDir()
    const db = await open({ file: join(dir, 'db.sqlite') })
    for (const v of ['a', 'b', 'c']) await insert(db, v)
    const crashed = crashCopy(join(dir, 'db.sqlite'), dir)
    const torn = encodeRecord({ seq: 5, stmts: [['INSERT INTO t (v) VALUES (?)', ['torn']]] })
    appendFileSync(`${crashed}-journal`, torn.subarray(0, torn.length - 7))

    const reopened = await openSqlDatabase({ file: crashed, migrations: schema })
    expect(await values(reopened)).toEqual(['a', 'b', 'c'])
    expect(statSync(`${crashed}-journal`).size).toBe(0) // folded into the file at open
    await insert(reopened, 'd')
    expect(await values(await open({ file: crashCopy(crashed, dir) }))).toEqual(['a', 'b', 'c', 'd'])
    await reopened.close()
  })

  it('ignores garbage bytes after the last complete record', async () => {
    const dir = tempDir()
    const db = await open({ file: join(dir, 'db.sqlite') })
    await insert(db, 'a')
    const crashed = crashCopy(join(dir, 'db.sqlite'), dir)
    appendFileSync(`${crashed}-journal`, Buffer.from([0x00, 0xff, 0x0a, 0x41, 0x0a]))
    expect(await values(await open({ file: crashed }))).toEqual(['a'])
  })

  it('does not apply a transaction twice after a crash between rename and journal truncate', async () => {
    const dir = tempDir()
    const file = join(dir, 'db.sqlite')
    const db = await openSqlDatabase({ file, migrations: schema })
    for (const v of ['a', 'b']) await insert(db, v)
    const journal = readFileSync(`${file}-journal`)
    await db.close() // checkpoints: the file now holds a and b, the journal is empty
    writeFileSync(`${file}-journal`, journal) // as if the truncate never happened

    const readOnly = await open({ file, readOnly: true })
    expect(await values(readOnly)).toEqual(['a', 'b'])
    const writer = await open({ file })
    expect(await values(writer)).toEqual(['a', 'b'])
    await insert(writer, 'c') // sequence numbers continue after the checkpointed ones
    expect(await values(await open({ file: crashCopy(file, dir), readOnly: true }))).toEqual(['a', 'b', 'c'])
  })

  it('lets a read-only open see journaled writes while the writer holds the lock', async () => {
    const file = join(tempDir(), 'db.sqlite')
    const writer = await open({ file })
    await insert(writer, 'a')
    const reader = await open({ file, readOnly: true })
    expect(await values(reader)).toEqual(['a'])
    await expect(insert(reader, 'b')).rejects.toThrow(/read-only/)
    await reader.close()
    expect(existsSync(`${file}.lock`)).toBe(true) // the reader never touched the writer's lock
  })

  it('applies pending migrations in memory only for a read-only open', async () => {
    const file = join(tempDir(), 'db.sqlite')
    await (await openSqlDatabase({ file, migrations: schema })).close()
    const reader = await open({ file, readOnly: true, migrations: [...schema, 'CREATE TABLE u (x)'] })
    expect(await reader.read((r) => r.get('PRAGMA user_version'))).toEqual({ user_version: 2 })
    const plain = await open({ file, readOnly: true, migrations: undefined })
    expect(await plain.read((r) => r.get('PRAGMA user_version'))).toEqual({ user_version: 1 })
  })

  it('refuses a file whose schema is newer than its migrations', async () => {
    const file = join(tempDir(), 'db.sqlite')
    await (await openSqlDatabase({ file, migrations: [...schema, 'CREATE TABLE u (x)'] })).close()
    await expect(openSqlDatabase({ file, migrations: schema })).rejects.toThrow(/schema version 2/)
    expect(existsSync(`${file}.lock`)).toBe(false) // a failed open releases the lock
  })

  it('replays journaled migrations and runs only the new ones on reopen', async () => {
    const dir = tempDir()
    const db = await open({ file: join(dir, 'db.sqlite') })
    const crashed = crashCopy(join(dir, 'db.sqlite'), dir)
    // Re-running the first migration would fail: CREATE TABLE t exists.
    const upgraded = await open({ file: crashed, migrations: [...schema, 'CREATE TABLE u (x)'] })
    expect(await upgraded.read((r) => r.get('PRAGMA user_version'))).toEqual({ user_version: 2 })
    expect(db.version).toBe(1)
  })

  it('shares fsyncs between concurrent transactions (group commit)', async () => {
    const db = await open({ file: join(tempDir(), 'db.sqlite') })
    const before = { ...readJournalStats(db)! }
    await Promise.all(Array.from({ length: 200 }, (_, i) => insert(db, `v${i}`)))
    const after = readJournalStats(db)!
    expect(after.records - before.records).toBe(200)
    expect(after.batches - before.batches).toBeLessThan(20)
    expect(await db.read((r) => r.get('SELECT count(*) AS n FROM t'))).toEqual({ n: 200 })
  })

  it('checkpoints once the journal outgrows checkpointBytes', async () => {
    const file = join(tempDir(), 'db.sqlite')
    const db = await open({ file, checkpointBytes: 4096 })
    for (let i = 0; i < 100; i++) await insert(db, 'x'.repeat(100))
    await db.checkpoint() // queued behind any background checkpoint
    expect(statSync(`${file}-journal`).size).toBe(0)
    expect(statSync(file).size).toBeGreaterThan(10_000)
  })

  it('checkpoints after idleCheckpointMs without writes', async () => {
    const file = join(tempDir(), 'db.sqlite')
    const db = await open({ file, idleCheckpointMs: 1 })
    await insert(db, 'a')
    await expect.poll(() => statSync(`${file}-journal`).size).toBe(0)
    expect(await values(await open({ file: crashCopy(file, tempDir()), readOnly: true }))).toEqual(['a'])
  })
})
