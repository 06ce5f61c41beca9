// Scheduled backups into a folder, on a real database file: names, retention, one at a time,
// failures logged and retried, files a killed backup left.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { backupName, createBackups } from './backup-folder.ts'
import { createCore } from '@game-picker/core'
import { createSqliteStore } from './index.ts'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'
import { until } from '../../../test/helpers/until.ts'
import { TEST_SECRET_KEY } from '../../../test/helpers/secret-key.ts'

// Each backup's check runs in a child at the lowest CPU priority (SCHED_IDLE), which waits for as
// long as the other backup files running beside this one keep both cores busy: the schedule's
// backups are waited for up to 40 s (within the 60 s a test may take), not until()'s 10 s.
const BACKUPS_MS = 40_000

async function openStore(file?: string) {
  const store = await createSqliteStore({ file })
  onTestFinished(() => store.close())
  return store
}

const names = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : [])

describe('backups', () => {
  it('names a backup for its UTC second', () => {
    expect(backupName(new Date('2026-11-26T07:05:09.750Z'))).toBe('game-picker-20261126T070509Z.sqlite')
  })

  it('starts one now, lists it newest first, and answers 409 while one runs', async () => {
    const dir = join(tempDir(), 'backups')
    const store = await openStore(join(tempDir(), 'db.sqlite'))
    await createCore({ secretKey: TEST_SECRET_KEY, store }).importBuiltin()
    let clock = Date.parse('2026-11-26T18:00:00Z')
    const backups = createBackups(store, { schedule: { dir, everyMs: 3_600_000, keep: 7 }, now: () => new Date(clock), log: () => {} })
    expect(await backups.list()).toEqual([])

    // Whichever gets there first starts it; the other is refused.
    const both = await Promise.allSettled([backups.start(), backups.start()])
    expect(both).toContainEqual({ status: 'fulfilled', value: { message: 'Backup started', file: 'game-picker-20261126T180000Z.sqlite' } })
    expect(both.filter((outcome) => outcome.status === 'rejected')).toMatchObject([{ reason: { code: 'CONFLICT', message: 'A backup is already running' } }])
    await backups.settled()
    clock += 1000 * 60
    await backups.start()
    await backups.settled()
    const listed = await backups.list()
    expect(listed.map(({ file, created_at }) => ({ file, created_at }))).toEqual([
      { file: 'game-picker-20261126T180100Z.sqlite', created_at: '2026-11-26T18:01:00.000Z' },
      { file: 'game-picker-20261126T180000Z.sqlite', created_at: '2026-11-26T18:00:00.000Z' },
    ])
    expect(listed[0].size).toBeGreaterThan(100_000)
    // The copy is an ordinary database holding the catalogue.
    const copy = await openStore(join(dir, listed[0].file))
    expect((await createCore({ secretKey: TEST_SECRET_KEY, store: copy }).games.list()).length).toBe(62)
  })

  it('two in the same second get the next free second', async () => {
    const dir = join(tempDir(), 'backups')
    const store = await openStore(join(tempDir(), 'db.sqlite'))
    const backups = createBackups(store, { schedule: { dir, everyMs: 3_600_000, keep: 7 }, now: () => new Date('2026-11-26T18:00:00Z'), log: () => {} })
    await backups.start()
    await backups.settled()
    expect((await backups.start()).file).toBe('game-picker-20261126T180001Z.sqlite')
    await backups.settled()
    expect(names(dir)).toEqual(['game-picker-20261126T180000Z.sqlite', 'game-picker-20261126T180001Z.sqlite'])
  })

  it('backs up every interval and keeps the newest N; a failed one is logged and the next interval tries again', async () => {
    const root = tempDir()
    const dir = join(root, 'backups')
    writeFileSync(dir, 'a file where the folder should be') // every backup fails until it is gone
    const store = await openStore(join(root, 'db.sqlite'))
    let clock = Date.parse('2026-11-26T18:00:00Z')
    const logged: string[] = []
    // The real clock paces the timer; the injected one names the files a minute apart.
    const backups = createBackups(store, { schedule: { dir, everyMs: 150, keep: 2 }, now: () => new Date((clock += 60_000)), log: (line) => logged.push(line) })
    onTestFinished(() => backups.stop())
    await backups.startSchedule()
    await until(() => logged.length, (failures) => failures >= 2, BACKUPS_MS)
    expect(logged[0]).toMatch(/^Backup .*failed: .*not a directory.*; the next one is tried at the next interval$/)
    rmSync(dir)
    const seen = new Set<string>()
    await until(() => {
      names(dir).filter((name) => name.endsWith('.sqlite')).forEach((name) => seen.add(name))
      return seen.size
    }, (made) => made >= 4, BACKUPS_MS)
    await backups.stop()
    await backups.settled()
    names(dir).forEach((name) => seen.add(name))
    expect(names(dir)).toEqual([...seen].sort().slice(-2))
    expect(names(dir).every((name) => /^game-picker-\d{8}T\d{6}Z\.sqlite$/.test(name))).toBe(true)
  })

  it('removes files a killed backup left when the schedule starts, and backs up at once when none is recent', async () => {
    const root = tempDir()
    const dir = join(root, 'backups')
    mkdirSync(dir)
    writeFileSync(join(dir, 'game-picker-20261120T000000Z.sqlite.partial'), 'half a copy')
    // A PostgreSQL backup's writer keeps a journal and a lock beside its partial file.
    writeFileSync(join(dir, 'game-picker-20261120T000000Z.sqlite.partial-journal'), 'pages')
    writeFileSync(join(dir, 'game-picker-20261120T000000Z.sqlite.partial.lock'), '4242')
    writeFileSync(join(dir, 'notes.txt'), 'not ours')
    const store = await openStore(join(root, 'db.sqlite'))
    const backups = createBackups(store, { schedule: { dir, everyMs: 3_600_000, keep: 7 }, log: () => {} })
    onTestFinished(() => backups.stop())
    await backups.startSchedule()
    expect(names(dir)).toEqual(['notes.txt'])
    await until(() => names(dir), (listed) => listed.some((name) => /^game-picker-\d{8}T\d{6}Z\.sqlite$/.test(name)), BACKUPS_MS)
    expect(names(dir)).toHaveLength(2)
  })

  it('answers 400 when not configured, on a database that is no file, and on a store that makes no backups', async () => {
    const file = await openStore(join(tempDir(), 'db.sqlite'))
    await expect(createBackups(file).list()).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'Backups are not configured' })
    await expect(createBackups(file).start()).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'Backups are not configured' })
    const memory = await openStore()
    await expect(memory.backup!.copyTo(join(tempDir(), 'x.sqlite'))).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'Backups need a database file' })
    const noBackups = { ...memory, backup: undefined }
    await expect(createBackups(noBackups, { schedule: { dir: tempDir(), everyMs: 1000, keep: 1 } }).list())
      .rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'Backups are not configured' })
  })
})
