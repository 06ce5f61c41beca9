// Backups through the built binary, on real files (sqlite run only: a file by nature):
// `db backup` beside a server under a stream of acknowledged writes, `serve --backup-dir`
// killed with SIGKILL mid-backup, `db backup` killed mid-copy, and the copy served as it is.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { openSqlDatabase } from '@game-picker/sqlite'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { assertCliBuilt, CLI_BIN, cli, cliEnv, createTempDir, startServe } from '../helpers/cli.ts'
import { call, login } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

const temp = createTempDir()
const cwd = temp.path
const KEY = 'backup-admin-key'
beforeAll(assertCliBuilt)
afterAll(temp.remove)

const FINAL = /^game-picker-\d{8}T\d{6}Z\.sqlite$/

/** A database with the catalogue and `megabytes` of filler rows, so a backup takes a while. */
async function makeDatabase(name: string, megabytes = 0): Promise<string> {
  const file = join(cwd, name)
  await cli(['init', '--db', file], { cwd }) // the catalogue
  if (megabytes > 0) {
    const db = await openSqlDatabase({ file })
    await db.write((w) => {
      w.run('CREATE TABLE filler (id INTEGER PRIMARY KEY, data BLOB NOT NULL)')
      w.run(`INSERT INTO filler (data) SELECT zeroblob(4000) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${megabytes * 250}) SELECT i FROM n)`)
    })
    await db.close()
  }
  return file
}

function spawnCli(args: string[]): ChildProcess {
  const child = spawn(process.execPath, [CLI_BIN, ...args], { cwd, env: cliEnv(cwd) })
  onTestFinished(() => void child.kill('SIGKILL'))
  return child
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode)
  else child.once('exit', (code) => resolve(code))
})

describe('db backup', () => {
  it('beside a running server copies every write acknowledged before it began, while writes go on', { timeout: 120_000 }, async () => {
    const file = await makeDatabase('live.sqlite', 8)
    const server = await startServe(['--db', file, '--admin-key', KEY], { cwd })
    try {
      const token = await login(server.url, KEY)
      const addGame = async (title: string) => {
        const added = await call(server.url, 'POST', '/api/games', { token, body: { pack_name: 'Stream', title, min_players: 1, max_players: 8 } })
        if (added.status !== 201) throw new Error(`game not added: ${added.status}`)
      }
      for (let i = 0; i < 50; i++) await addGame(`before ${i}`)
      // Acknowledged writes keep coming while the backup runs.
      let writing = true
      let during = 0
      const writes = (async () => {
        while (writing) await addGame(`during ${during++}`)
      })()
      const backup = await cli(['db', 'backup', '--db', file, '--to', 'live-copy.sqlite'], { cwd })
      writing = false
      await writes
      expect(backup).toMatchObject({ code: 0, stderr: '' })
      expect(backup.stdout).toMatch(/^Backed up .*live\.sqlite to live-copy\.sqlite: \d+ bytes in [\d.]+ s, checked with SQLite's integrity_check\.\n$/)
      expect(during).toBeGreaterThan(0)
      expect(readdirSync(cwd).filter((name) => name.startsWith('live-copy'))).toEqual(['live-copy.sqlite'])
      expect(readdirSync(cwd).filter((name) => name.includes('backup-re'))).toEqual([]) // the request and its answer are gone

      // The copy is an ordinary database, served as it is with its key (never copied with it),
      // with every game from before.
      const copy = await startServe(['--db', 'live-copy.sqlite', '--secret-key-file', `${file}.key`, '--admin-key', KEY], { cwd })
      try {
        const games = await call(copy.url, 'GET', '/api/games?pack=Stream')
        const titles = games.body.map((game: { title: string }) => game.title)
        for (let i = 0; i < 50; i++) expect(titles).toContain(`before ${i}`)
        // One point in time: the writes made during it are a prefix.
        const copiedDuring = titles.filter((title: string) => title.startsWith('during')).length
        expect(titles.filter((title: string) => title.startsWith('during')).sort()).toEqual(
          Array.from({ length: copiedDuring }, (_, i) => `during ${i}`).sort())
      } finally {
        await copy.stop()
      }
    } finally {
      await server.stop()
    }
  })

  it('fails clearly, leaving no file, when the server making it is killed with SIGKILL', { timeout: 120_000 }, async () => {
    const file = await makeDatabase('server-killed.sqlite', 40)
    const server = await startServe(['--db', file, '--admin-key', KEY], { cwd })
    const backup = cli(['db', 'backup', '--db', file, '--to', 'server-killed-copy.sqlite'], { cwd })
    await until(() => existsSync(join(cwd, 'server-killed-copy.sqlite.partial')), Boolean, 20_000, 2) // the server begins the copy
    await server.stop('SIGKILL')
    expect(await backup).toMatchObject({ code: 1, stderr: `error: process ${server.pid} stopped before the backup was complete\n` })
    expect(existsSync(join(cwd, 'server-killed-copy.sqlite'))).toBe(false)
    // The next run, with no server, takes the dead server's lock and makes it.
    expect((await cli(['db', 'backup', '--db', file, '--to', 'server-killed-copy.sqlite'], { cwd })).code).toBe(0)
    expect(readdirSync(cwd).filter((name) => name.startsWith('server-killed-copy'))).toEqual(['server-killed-copy.sqlite'])
  })

  it('refuses a target that exists (exit 1), a PostgreSQL database that does not answer (exit 1), :memory: and --remote (exit 2)', async () => {
    const file = await makeDatabase('small.sqlite')
    expect((await cli(['db', 'backup', '--db', file, '--to', 'small-copy.sqlite'], { cwd })).code).toBe(0)
    expect(await cli(['db', 'backup', '--db', file, '--to', 'small-copy.sqlite'], { cwd })).toMatchObject({
      code: 1, stdout: '', stderr: 'error: small-copy.sqlite already exists; db backup never overwrites a file.\n',
    })
    const pg = await cli(['db', 'backup', '--db', 'postgres://gp@127.0.0.1:9/gp', '--to', 'pg.sqlite'], { cwd })
    expect(pg).toMatchObject({ code: 1, stderr: 'error: Database unavailable\n' })
    expect(await cli(['db', 'backup', '--db', ':memory:', '--to', 'm.sqlite'], { cwd })).toMatchObject({ code: 2 })
    expect(await cli(['db', 'backup', '--remote', 'http://127.0.0.1:9', '--to', 'r.sqlite'], { cwd })).toMatchObject({ code: 2 })
    expect(await cli(['db', 'backup', '--db', 'missing.sqlite', '--to', 'x.sqlite'], { cwd })).toMatchObject({
      code: 1, stderr: 'error: There is no database file at missing.sqlite.\n',
    })
    expect(existsSync(join(cwd, 'pg.sqlite')) || existsSync(join(cwd, 'm.sqlite')) || existsSync(join(cwd, 'x.sqlite'))).toBe(false)
  })

  it('killed with SIGKILL mid-copy leaves no file under the name; the next run makes it', { timeout: 120_000 }, async () => {
    const file = await makeDatabase('killed.sqlite', 40)
    const child = spawnCli(['db', 'backup', '--db', file, '--to', 'killed-copy.sqlite'])
    await until(() => existsSync(join(cwd, 'killed-copy.sqlite.partial')), Boolean, 20_000, 2) // the copy begins
    child.kill('SIGKILL')
    await exited(child)
    expect(existsSync(join(cwd, 'killed-copy.sqlite'))).toBe(false)
    const again = await cli(['db', 'backup', '--db', file, '--to', 'killed-copy.sqlite'], { cwd })
    expect(again.code).toBe(0)
    expect(readdirSync(cwd).filter((name) => name.startsWith('killed-copy'))).toEqual(['killed-copy.sqlite'])
  })
})

describe('serve --backup-dir', () => {
  it('killed with SIGKILL mid-backup leaves no file under a final name; the next start works and backs up', { timeout: 120_000 }, async () => {
    const file = await makeDatabase('served.sqlite', 40)
    const dir = join(cwd, 'served-backups')
    // No backup in the folder yet: the first is made at start.
    const args = ['serve', '--port', '0', '--db', file, '--admin-key', KEY, '--backup-dir', dir, '--backup-every', '24h', '--backup-keep', '3']
    const first = spawnCli(args)
    await until(() => existsSync(dir) && readdirSync(dir).some((name) => name.endsWith('.partial')), Boolean, 20_000, 2) // the backup begins
    first.kill('SIGKILL')
    await exited(first)
    expect(readdirSync(dir).filter((name) => FINAL.test(name))).toEqual([])

    const second = await startServe(args.slice(3), { cwd, env: {} })
    try {
      expect((await call(second.url, 'GET', '/health')).status).toBe(200)
      const token = await login(second.url, KEY)
      const listed: { file: string }[] = await until(async () => (await call(second.url, 'GET', '/api/backups', { token })).body,
        (list) => list.length > 0, 30_000, 50)
      expect(listed).toHaveLength(1)
      expect(readdirSync(dir)).toEqual([listed[0].file]) // the killed one's partial file is gone
    } finally {
      await second.stop()
    }
  })

  it('refuses a bad interval or count (exit 2), and a backup folder on a database that is no file', async () => {
    for (const every of ['5s', '10', '1d', '0m']) {
      const bad = await cli(['serve', '--port', '0', '--db', 'x.sqlite', '--backup-dir', 'b', '--backup-every', every], { cwd })
      expect(bad.code).toBe(2)
      expect(bad.stderr).toContain('must be an interval like 30s, 10m or 24h, at least 10s.')
    }
    expect((await cli(['serve', '--port', '0', '--db', 'x.sqlite', '--backup-dir', 'b', '--backup-keep', '0'], { cwd })).code).toBe(2)
    const memory = await cli(['serve', '--port', '0', '--db', ':memory:', '--backup-dir', 'b'], { cwd })
    expect(memory).toMatchObject({ code: 2, stderr: 'error: serve --backup-dir needs a database file or a postgres:// URL, not :memory:.\n' })
    const env = await cli(['serve', '--port', '0', '--db', ':memory:'], { cwd, env: { GAME_PICKER_BACKUP_DIR: 'b', GAME_PICKER_BACKUP_EVERY: '3s' } })
    expect(env.code).toBe(2)
    expect(existsSync(join(cwd, 'x.sqlite')) || existsSync(join(cwd, 'b'))).toBe(false)
  })
})
