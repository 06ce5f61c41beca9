// A power cut at any byte of any write the store makes: the workload runs on a recording
// in-memory disk, then the disk is rebuilt as it would be after a cut at many points (the write
// there torn; and again with every file's unsynced writes lost) and opened each time. It must
// open, pass SQLite's integrity check, and hold every write acknowledged before the cut, with
// nothing half-applied. Halfway, a backup runs beside the writes: after any cut its file is
// either absent or complete (it passes the check and holds every write acknowledged before
// the backup began). GAME_PICKER_POWER_CUT_DB=FILE runs the same on a copy of FILE (e.g. the
// bench's 1M-vote database); GAME_PICKER_POWER_CUT_CUTS sets the number of cut points.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { backupDatabase } from './backup.ts'
import { openSqlDatabase, type SqlDatabase } from './durable-db.ts'
import type { FileIO } from './file-io.ts'
import { SimFS } from './test-helpers/sim-fs.ts'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'

const SOURCE_DB = process.env.GAME_PICKER_POWER_CUT_DB
const CUTS = Number(process.env.GAME_PICKER_POWER_CUT_CUTS ?? 120)
const WRITES = 240

// The workload's own tables, beside whatever the database already holds.
const setup = [
  'CREATE TABLE IF NOT EXISTS cut_rows (id INTEGER PRIMARY KEY, v TEXT NOT NULL, pad TEXT NOT NULL)',
  'CREATE INDEX IF NOT EXISTS cut_rows_v ON cut_rows (v)',
  'CREATE TABLE IF NOT EXISTS cut_count (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)',
  'INSERT OR IGNORE INTO cut_count VALUES (1, 0)',
]

function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed / 2 ** 31
  }
}

async function check(db: SqlDatabase, acked: number) {
  const { integrity_check } = (await db.read((r) => r.get<{ integrity_check: string }>('PRAGMA integrity_check')))!
  const rows = await db.read((r) => r.all<{ id: number; v: string }>('SELECT id, v FROM cut_rows ORDER BY id'))
  const count = await db.read((r) => r.get<{ n: number }>('SELECT n FROM cut_count'))
  return { integrity_check, acked: rows.length >= acked, prefix: rows.every((row, i) => row.v === `v${i + 1}`), counted: count?.n === rows.length }
}

/** The backup's check, in this process on the simulated disk (the worker reads real files). */
async function checkOn(io: FileIO, file: string): Promise<void> {
  const db = await openSqlDatabase({ file, io, readOnly: true })
  try {
    const { integrity_check } = (await db.read((r) => r.get<{ integrity_check: string }>('PRAGMA integrity_check')))!
    if (integrity_check !== 'ok') throw new Error(`the copy failed SQLite's integrity check: ${integrity_check}`)
  } finally {
    await db.close()
  }
}

const databases: [string, string | undefined][] = [['a new database', undefined]]
if (SOURCE_DB) databases.push([`a copy of ${SOURCE_DB}`, SOURCE_DB])

describe.each(databases)(
  'a power cut on %s', (_name, source) => {
    it('opens consistent with every acknowledged write, at any byte of any write', async () => {
      const file = join(tempDir(), 'db.sqlite')
      const initial = source ? SimFS.of({ [file]: readFileSync(source) }) : new SimFS()
      const disk = initial.fork().record()
      // Acknowledged writes, with the number of recorded ops when each resolved.
      const acks: number[] = []
      const db = await openSqlDatabase({ file, io: disk, checkpointBytes: 24 * 1024, idleCheckpointMs: 1 })
      await db.write((w) => setup.forEach((sql) => w.run(sql)))
      const opsBefore = disk.ops!.length
      const backupFile = join(dirname(file), 'backup.sqlite')
      let backup: { acked: number; done: Promise<unknown> } | undefined
      let next = 1
      for (let i = 0; i < WRITES; i += 4) {
        // One page per slice: the copy interleaves with the writes and their checkpoints.
        if (i === WRITES / 2) backup = { acked: acks.length, done: backupDatabase(db, backupFile, { io: disk, verify: (temp) => checkOn(disk, temp), slicePages: 1 }) }
        await Promise.all([0, 1, 2, 3].map(async () => {
          const n = next++
          await db.write((w) => {
            w.run('INSERT INTO cut_rows (v, pad) VALUES (?, ?)', [`v${n}`, 'x'.repeat(300)])
            w.run('UPDATE cut_count SET n = n + 1')
          })
          acks.push(disk.ops!.length)
        }))
        if (i % 60 === 0) await db.checkpoint()
      }
      await backup!.done
      await db.close()
      const ops = disk.ops!
      expect(ops.some((op) => op.kind === 'rename' && op.to === backupFile)).toBe(true)
      const kinds = new Set(ops.slice(opsBefore).map((op) => `${op.kind} ${op.path.slice(file.length) || 'db'}`))
      // The workload went through every kind of step a checkpoint takes.
      expect([...kinds]).toEqual(expect.arrayContaining(['write -pages', 'sync -pages', 'write db', 'sync db', 'rename -journal', 'remove -journal-old']))

      const rand = random(42)
      const cuts: [number, number][] = [[ops.length, 0]]
      // Every step that finishes the backup: the last writes of its file, its fsync, the rename.
      const renamed = ops.findIndex((op) => op.kind === 'rename' && op.to === backupFile)
      for (let index = renamed - 3; index <= renamed + 1; index++) cuts.push([index, 0])
      for (let i = 0; i < CUTS; i++) {
        const index = opsBefore + Math.floor(rand() * (ops.length - opsBefore))
        const op = ops[index]
        cuts.push([index, op.kind === 'write' ? Math.floor(rand() * op.data.length) : 0])
      }
      const expected = { integrity_check: 'ok', acked: true, prefix: true, counted: true }
      const failures: string[] = []
      let backupsChecked = 0
      for (const [index, bytes] of cuts) {
        for (const dropUnsynced of [false, true]) {
          const acked = acks.filter((at) => at <= index).length
          const crashed = initial.crashState(ops, index, bytes, dropUnsynced)
          // A read-only process first (it takes an unapplied page log as it is), then the
          // writer that repairs the file.
          for (const readOnly of [true, false]) {
            const result = await openSqlDatabase({ file, io: crashed, readOnly }).then(async (reopened) => {
              try { return await check(reopened, acked) } finally { await reopened.close() }
            }, (error: unknown) => String(error))
            if (JSON.stringify(result) !== JSON.stringify(expected)) {
              failures.push(`${readOnly ? 'reader' : 'writer'}, cut at op ${index} (${ops[index]?.kind} ${ops[index]?.path}) byte ${bytes}${dropUnsynced ? ', unsynced lost' : ''}: ${JSON.stringify(result)}`)
            }
          }
          // The backup: absent, or complete with every write acknowledged before it began.
          if (crashed.files.has(backupFile)) {
            backupsChecked++
            const result = await openSqlDatabase({ file: backupFile, io: crashed, readOnly: true }).then(async (copy) => {
              try { return await check(copy, backup!.acked) } finally { await copy.close() }
            }, (error: unknown) => String(error))
            if (JSON.stringify(result) !== JSON.stringify(expected)) {
              failures.push(`backup, cut at op ${index} (${ops[index]?.kind} ${ops[index]?.path}) byte ${bytes}${dropUnsynced ? ', unsynced lost' : ''}: ${JSON.stringify(result)}`)
            }
          }
        }
      }
      expect(failures).toEqual([])
      expect(backupsChecked).toBeGreaterThan(2)
    }, 600_000)
  })
