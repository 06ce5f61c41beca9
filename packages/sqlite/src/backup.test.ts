// Online backups on real files: a consistent copy while writes and checkpoints go on.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { BackupRunningError, BackupTargetExistsError, backupDatabase, partialPath } from './backup.ts'
import { openSqlDatabase, type OpenOptions, type SqlDatabase } from './durable-db.ts'
import { checkIntegrity, idleScheduler, INTEGRITY_CHECK_NICE } from './verify.ts'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'
import { until } from '../../../test/helpers/until.ts'

const schema = [
  'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL, pad TEXT NOT NULL)',
  'CREATE INDEX t_v ON t (v)',
]

async function open(file: string, options: OpenOptions = {}): Promise<SqlDatabase> {
  const db = await openSqlDatabase({ file, migrations: schema, idleCheckpointMs: 60_000, ...options })
  onTestFinished(() => db.close())
  return db
}

const insert = (db: SqlDatabase, v: string) => db.write((w) => w.run('INSERT INTO t (v, pad) VALUES (?, ?)', [v, 'x'.repeat(500)]))
const values = (db: SqlDatabase) => db.read((r) => r.all<{ v: string }>('SELECT v FROM t ORDER BY id').map((row) => row.v))

describe('backupDatabase', () => {
  it('copies every write acknowledged before it began, while writes and checkpoints go on', { timeout: 60_000 }, async () => {
    const dir = tempDir()
    // Small checkpoints: many of them overwrite pages of the file while the copy runs.
    const db = await open(join(dir, 'db.sqlite'), { checkpointBytes: 32 * 1024 })
    for (let batch = 0; batch < 30; batch++) {
      await db.write((w) => {
        for (let i = batch * 100; i < (batch + 1) * 100; i++) w.run('INSERT INTO t (v, pad) VALUES (?, ?)', [`before-${i}`, 'x'.repeat(500)])
      })
    }
    const target = join(dir, 'copy.sqlite')
    let stop = false
    let during = 0
    const writes = (async () => {
      while (!stop) {
        await insert(db, `during-${during++}`)
        // Rewrites pages the copy has not reached yet: the copy must keep their old bytes.
        if (during % 10 === 0) await db.write((w) => w.run("UPDATE t SET pad = 'y' WHERE id % 97 = ?", [during % 97]))
      }
    })()
    // One page per slice, so the copy takes many turns of the event loop between the writes.
    const { bytes } = await backupDatabase(db, target, { slicePages: 1 })
    stop = true
    await writes
    expect(during).toBeGreaterThan(0)
    expect(bytes).toBeGreaterThan(1_000_000)

    await checkIntegrity(target)
    const copy = await open(target, { readOnly: true })
    const copied = await values(copy)
    const before = Array.from({ length: 3000 }, (_, i) => `before-${i}`)
    expect(copied.slice(0, 3000)).toEqual(before)
    // The copy is one point in time: a prefix of the writes made while it ran, pads as of then.
    expect(copied.slice(3000)).toEqual(Array.from({ length: copied.length - 3000 }, (_, i) => `during-${i}`))
    expect(await copy.read((r) => r.get('PRAGMA integrity_check'))).toEqual({ integrity_check: 'ok' })
    expect(existsSync(partialPath(target))).toBe(false)
  })

  it('holds writes that are only in the journal, not yet checkpointed', async () => {
    const dir = tempDir()
    const db = await open(join(dir, 'db.sqlite'))
    await insert(db, 'a')
    await insert(db, 'b')
    await backupDatabase(db, join(dir, 'copy.sqlite'))
    await insert(db, 'after')
    // An ordinary database: opened as the writer, with no journal of its own.
    const copy = await open(join(dir, 'copy.sqlite'))
    expect(await values(copy)).toEqual(['a', 'b'])
    await insert(copy, 'c')
    expect(await values(copy)).toEqual(['a', 'b', 'c'])
  })

  it('refuses a target that exists and leaves it as it was', async () => {
    const dir = tempDir()
    const db = await open(join(dir, 'db.sqlite'))
    await insert(db, 'a')
    const target = join(dir, 'copy.sqlite')
    writeFileSync(target, 'mine')
    await expect(backupDatabase(db, target)).rejects.toBeInstanceOf(BackupTargetExistsError)
    expect(readdirSync(dir).filter((name) => name.startsWith('copy'))).toEqual(['copy.sqlite'])
  })

  it('runs one backup at a time', async () => {
    const dir = tempDir()
    const db = await open(join(dir, 'db.sqlite'))
    for (let i = 0; i < 500; i++) await insert(db, `v${i}`)
    const first = backupDatabase(db, join(dir, 'one.sqlite'), { slicePages: 1 })
    await expect(backupDatabase(db, join(dir, 'two.sqlite'))).rejects.toBeInstanceOf(BackupRunningError)
    await first
    await backupDatabase(db, join(dir, 'two.sqlite'))
    expect(existsSync(join(dir, 'two.sqlite'))).toBe(true)
  })

  it('leaves no file when the copy fails its check, and removes a partial file left by a crash', async () => {
    const dir = tempDir()
    const db = await open(join(dir, 'db.sqlite'))
    await insert(db, 'a')
    const target = join(dir, 'copy.sqlite')
    writeFileSync(partialPath(target), 'left by a killed backup')
    await expect(backupDatabase(db, target, { verify: async () => { throw new Error('corrupt') } })).rejects.toThrow('corrupt')
    expect(readdirSync(dir).filter((name) => name.startsWith('copy'))).toEqual([])
    await backupDatabase(db, target)
    expect(readdirSync(dir).filter((name) => name.startsWith('copy'))).toEqual(['copy.sqlite'])
  })

  it('stops when the database closes mid-copy, leaving no file', async () => {
    const dir = tempDir()
    const db = await openSqlDatabase({ file: join(dir, 'db.sqlite'), migrations: schema })
    for (let i = 0; i < 2000; i++) await insert(db, `v${i}`)
    const target = join(dir, 'copy.sqlite')
    const backup = backupDatabase(db, target, { slicePages: 1 }).then(() => 'finished', (error: Error) => error.message)
    await until(() => existsSync(partialPath(target)), Boolean, 10_000, 1)
    await db.close()
    expect(await backup).toBe('the database was closed during the backup')
    expect(readdirSync(dir).filter((name) => name.startsWith('copy'))).toEqual([])
  })

  it('finds a damaged copy with SQLite\'s integrity check', async () => {
    const dir = tempDir()
    const db = await open(join(dir, 'db.sqlite'))
    for (let i = 0; i < 200; i++) await insert(db, `v${i}`)
    await backupDatabase(db, join(dir, 'copy.sqlite'))
    const { openSync, writeSync, closeSync } = await import('node:fs')
    const fd = openSync(join(dir, 'copy.sqlite'), 'r+')
    writeSync(fd, Buffer.alloc(4096, 7), 0, 4096, 4096 * 3) // a b-tree page overwritten with garbage
    closeSync(fd)
    await expect(checkIntegrity(join(dir, 'copy.sqlite'))).rejects.toThrow('integrity check')
  })

  it('checks the copy at the lowest CPU priority, so the requests the server answers meanwhile come first', async () => {
    const copy = await uncheckedCopy()
    let priority: number | undefined
    // Read while the check runs: it is still loading sql.js when its id is handed over.
    await checkIntegrity(copy, { onStart: (pid) => { priority = getPriority(pid) } })
    expect(priority).toBe(INTEGRITY_CHECK_NICE)
    expect(getPriority()).toBeLessThan(INTEGRITY_CHECK_NICE) // the server itself keeps its own
  })

  // Linux only, where util-linux's chrt is there (on other systems the check runs at nice 19 alone).
  it.runIf(idleScheduler !== undefined)('checks the copy under Linux SCHED_IDLE, which gives the CPU to a waking server at once', async () => {
    const copy = await uncheckedCopy()
    let pid = 0
    const checking = checkIntegrity(copy, { onStart: (id) => { pid = id } })
    // chrt sets the policy, then runs node in the same process; it takes that long to start the check.
    await until(() => schedulingPolicy(pid), (policy) => policy === SCHED_IDLE, 10_000, 10)
    await checking
    expect(schedulingPolicy(process.pid)).not.toBe(SCHED_IDLE) // the server itself keeps its own
  })
})

/** A backup of a small database, not yet checked (the tests check it themselves). */
async function uncheckedCopy(): Promise<string> {
  const dir = tempDir()
  const db = await open(join(dir, 'db.sqlite'))
  for (let i = 0; i < 200; i++) await insert(db, `v${i}`)
  await backupDatabase(db, join(dir, 'copy.sqlite'), { verify: async () => {} })
  return join(dir, 'copy.sqlite')
}

const SCHED_IDLE = 5

/** A Linux process's scheduling policy: field 41 of /proc/PID/stat (undefined once it ended). */
function schedulingPolicy(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38])
  } catch {
    return undefined
  }
}
