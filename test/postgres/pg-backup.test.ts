// A backup of a PostgreSQL database (`db backup --db URL --to FILE`) is one snapshot of every
// table in a file database, taken while another process writes votes: in it each game's counters
// equal its rows; `serve --db FILE` opens it, and `db copy --from FILE --to URL` restores it with
// the same counts and counters. One database, one backup and one restore for the whole file.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createCore, type TableRow } from '@game-picker/core'
import { createPostgresBackup, createPostgresStore, openPostgresTables } from '@game-picker/postgres'
import { backupName, openSqliteTables } from '@game-picker/sqlite'
import pg from 'pg'
import { beforeAll, expect, test } from 'vitest'
import { BACKUP_LOCK, SEQUENCER_LOCK } from '../../packages/postgres/src/advisory-locks.ts'
import { migrations } from '../../packages/postgres/src/schema.ts'
import { assertCliBuilt, CLI_BIN, cliEnv } from '../helpers/cli.ts'
import { runSql } from '../helpers/pg-admin.ts'
import { createTestDatabase } from '../helpers/postgres.ts'
import { ADMIN_KEY, call, login } from '../helpers/server.ts'
import { tempDir } from '../helpers/tmp-dir.ts'
import { until } from '../helpers/until.ts'

beforeAll(assertCliBuilt)

/** The binary on the arguments as given (the helper's `cli` would turn a --db file into a PostgreSQL database). */
async function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [CLI_BIN, ...args], { cwd, env: cliEnv(cwd) })
    .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }), (error: { code: number; stdout: string; stderr: string }) => error)
}

/** `serve --db DB` until it listens; resolves with its URL, its process and a stop. */
async function serve(db: string, cwd: string, args: string[] = [], env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0', '--db', db, ...args], { cwd, env: cliEnv(cwd, env) })
  const exited = new Promise((resolve) => child.on('close', resolve))
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk
      const found = /listening on (http:\/\/\S+)/.exec(output)?.[1]
      if (found) resolve(found)
    })
    child.stderr!.on('data', (chunk) => (output += chunk))
    void exited.then(() => reject(new Error(`serve exited: ${output}`)))
  })
  return { url, child, stop: async () => { child.kill('SIGTERM'); await exited } }
}

const COUNTERS = ['play_count', 'upvotes', 'downvotes', 'popularity_score']
const countersOf = (games: TableRow[]) => games.map((game) => [game.id, ...COUNTERS.map((column) => game[column])])

test('db backup of a database being written: one snapshot, opened by serve, restored by db copy', { timeout: 60_000 }, async () => {
  const cwd = tempDir()
  const url = await createTestDatabase()
  const store = await createPostgresStore({ url, log: () => {} })
  const core = createCore({ store })
  await core.importBuiltin()
  const session = await core.sessions.start({ notes: 'backed up' })
  const [first, second] = (await core.games.list()).slice(0, 2)
  await core.sessionGames.add(session.id, { game_id: first.id })
  const playing = await core.sessionGames.add(session.id, { game_id: second.id })
  // More votes than a page holds (500), so the backup reads the votes in several pages.
  await runSql(url, `INSERT INTO votes (session_id, session_game_id, game_id, username, type, timestamp)
    SELECT ${session.id}, ${playing.id}, ${second.id}, 'seeded' || i, CASE WHEN i % 3 = 0 THEN 'down' ELSE 'up' END, '${playing.played_at}'
    FROM generate_series(1, 1200) AS i`)

  // Another instance votes all through the backup.
  let writing = true
  let written = 0
  const writer = (async () => {
    while (writing) await core.votes.live({ username: `live${++written}`, vote: written % 2 ? 'up' : 'down', timestamp: new Date().toISOString() })
  })()
  const file = join(cwd, 'night.sqlite')
  const backup = await run(['db', 'backup', '--db', url, '--to', file, '--json'], cwd)
  writing = false
  await writer
  await store.close()
  expect(backup.stderr).toBe('')
  expect(backup.code).toBe(0)
  const answer = JSON.parse(backup.stdout)
  expect(answer).toMatchObject({ from: expect.stringMatching(/^postgres:\/\/\w+@127\.0\.0\.1:\d+\/\w+$/), to: file, bytes: expect.any(Number) })
  expect(answer.message).toMatch(/^Backed up postgres:\/\/.* to .*night\.sqlite: \d+ bytes in [\d.]+ s, one snapshot of every table, checked with SQLite's integrity_check\.$/)
  expect(readdirSync(cwd).filter((name) => name.startsWith('night'))).toEqual(['night.sqlite'])

  // The snapshot: every game's counters are what its rows say, and the votes are one moment's.
  const saved = await openSqliteTables({ file, readOnly: true })
  const games = await saved.rows('games')
  const votes = await saved.rows('votes')
  const plays = await saved.rows('session_games')
  await saved.close()
  expect(votes.length).toBeGreaterThanOrEqual(1200)
  expect(votes.length).toBeLessThanOrEqual(1200 + written)
  for (const game of games) {
    const mine = votes.filter((vote) => vote.game_id === game.id)
    expect([game.upvotes, game.downvotes, game.play_count]).toEqual([
      mine.filter((vote) => vote.type === 'up').length, mine.filter((vote) => vote.type === 'down').length,
      plays.filter((play) => play.game_id === game.id).length,
    ])
  }

  const served = await serve(file, cwd)
  try {
    const listed = await (await fetch(`${served.url}/api/games`)).json() as unknown[]
    expect(listed).toHaveLength(games.length)
  } finally {
    await served.stop()
  }

  const restored = await createTestDatabase()
  const copy = await run(['db', 'copy', '--from', file, '--to', restored], cwd)
  expect(copy).toMatchObject({ code: 0, stderr: '' })
  const tables = await openPostgresTables({ url: restored })
  try {
    for (const [table, count] of [['games', games.length], ['sessions', 1], ['session_games', 2], ['votes', votes.length]] as const) {
      expect(await tables.count(table)).toBe(count)
    }
    expect(countersOf(await tables.rows('games'))).toEqual(countersOf(games))
  } finally {
    await tables.close()
  }
})

test('db backup refuses a target that exists and a database with nothing to back up, and writes nothing', async () => {
  const cwd = tempDir()
  const url = await createTestDatabase()
  const taken = join(cwd, 'taken.sqlite')
  await run(['init', '--empty', '--db', taken], cwd)
  expect(await run(['db', 'backup', '--db', url, '--to', taken], cwd)).toMatchObject({
    code: 1, stderr: `error: ${taken} already exists; db backup never overwrites a file.\n`,
  })
  const empty = await createTestDatabase({ schema: 'none' })
  const refused = await run(['db', 'backup', '--db', empty, '--to', 'empty.sqlite'], cwd)
  expect(refused.code).toBe(1)
  expect(refused.stderr).toMatch(/^error: postgres:\/\/\S+ holds no Game Picker database; there is nothing to back up\n$/)
  expect(existsSync(join(cwd, 'empty.sqlite')) || existsSync(join(cwd, 'empty.sqlite.partial'))).toBe(false)
  // Nothing was created in it either.
  expect((await runSql(empty, `SELECT to_regclass('store_setup') AS found`)).rows[0].found).toBeNull()
})

test('one backup of a database at a time, whichever server asks: another is refused with CONFLICT until it ends', async () => {
  const url = await createTestDatabase()
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let reading!: () => void
  const began = new Promise<void>((resolve) => (reading = resolve))
  // A writer that holds the snapshot open until told: the first backup is under way meanwhile.
  const slow = createPostgresBackup({ url, writeFile: async (snapshot) => { reading(); await held; await snapshot.finished(); return { bytes: 0 } } })
  const other = createPostgresBackup({ url, writeFile: async () => ({ bytes: 1 }) })
  const first = slow.copyTo('first.sqlite')
  await began
  expect(slow.running).toBe(true)
  await expect(slow.copyTo('again.sqlite')).rejects.toMatchObject({ code: 'CONFLICT', message: 'A backup is already running' })
  await expect(other.copyTo('second.sqlite')).rejects.toMatchObject({ code: 'CONFLICT', message: 'A backup is already running' })
  release()
  expect(await first).toEqual({ bytes: 0 })
  expect(await other.copyTo('second.sqlite')).toEqual({ bytes: 1 }) // the lock went with the first's connection
})

test('a backup and the event sequencer take different locks: each starts while the other holds its own', async () => {
  expect(migrations.join('\n')).toContain(`pg_advisory_xact_lock(${SEQUENCER_LOCK})`)
  expect(BACKUP_LOCK).not.toBe(SEQUENCER_LOCK)
  const url = await createTestDatabase()
  // A sequencer run as sequence_events takes its lock (written out in the schema): held until its commit.
  const run = new pg.Client({ connectionString: url })
  await run.connect()
  try {
    await run.query('BEGIN')
    await run.query('SELECT pg_advisory_xact_lock($1)', [SEQUENCER_LOCK])
    let finish!: () => void
    const finishing = new Promise<void>((resolve) => (finish = resolve))
    let writing!: () => void
    const locked = new Promise<void>((resolve) => (writing = resolve))
    const backup = createPostgresBackup({ url, writeFile: async (snapshot) => { writing(); await finishing; await snapshot.finished(); return { bytes: 0 } } })
    const copying = backup.copyTo('under-a-sequencer-run.sqlite')
    await Promise.race([locked, copying]) // refused: the CONFLICT fails the test below
    // The backup holds its lock now: the sequencer's next run does not wait for it.
    await run.query('COMMIT')
    await run.query('BEGIN')
    await run.query("SET LOCAL lock_timeout = '2s'")
    await run.query('SELECT pg_advisory_xact_lock($1)', [SEQUENCER_LOCK])
    await run.query('COMMIT')
    finish()
    expect(await copying).toEqual({ bytes: 0 })
    expect(backup.running).toBe(false)
  } finally {
    await run.end()
  }
})

/** The backup's process runs only on CPU nothing else wants: beside a busy suite it starts (and ends) late. */
const IDLE_WAIT_MS = 30_000

test('serve makes its backups in a child process at idle priority, which a killed server takes with it, leaving no file', async () => {
  const cwd = tempDir()
  const url = await createTestDatabase()
  const dir = join(cwd, 'backups')
  mkdirSync(dir)
  const made = backupName(new Date()) // a backup "made" now: the schedule's first is a day away
  writeFileSync(join(dir, made), '')
  const server = await serve(url, cwd, ['--backup-dir', dir], { ADMIN_KEY })
  const lock = new pg.Client({ connectionString: url })
  await lock.connect()
  try {
    const token = await login(server.url)
    // A backup made by the child: the catalogue as the database holds it.
    const { file } = (await call(server.url, 'POST', '/api/backups', { token })).body
    await until(async () => readdirSync(dir), (names) => names.includes(file), IDLE_WAIT_MS)
    const copy = await openSqliteTables({ file: join(dir, file), readOnly: true })
    expect(await copy.count('games')).toBe(Number((await runSql(url, 'SELECT COUNT(*) AS n FROM games')).rows[0].n))
    await copy.close()
    rmSync(join(dir, file))

    // The snapshot's first read waits for this lock: the backup stands still, its lock held.
    await lock.query('BEGIN')
    await lock.query('LOCK TABLE packs IN ACCESS EXCLUSIVE MODE')
    // The first backup's file is in place a moment before its child has exited: until then, 409.
    await until(() => call(server.url, 'POST', '/api/backups', { token }), (answer) => answer.status === 202, IDLE_WAIT_MS)
    // Asked on a connection of its own: inside the lock's transaction the view keeps its first answer.
    const names = await until(
      async () => (await runSql(url, `SELECT application_name AS name FROM pg_stat_activity WHERE application_name LIKE 'game-picker backup%' AND datname = current_database()`)).rows,
      (rows) => rows.length > 0, IDLE_WAIT_MS)
    const pid = Number(/\(pid (\d+)\)/.exec(names[0].name)![1])
    expect(pid).not.toBe(server.child.pid)
    expect(getPriority(pid)).toBe(19)
    await expect(call(server.url, 'POST', '/api/backups', { token })).resolves.toMatchObject({ status: 409, body: { error: 'A backup is already running' } })

    server.child.kill('SIGKILL')
    await lock.query('ROLLBACK')
    await until(async () => isRunning(pid), (running) => !running, IDLE_WAIT_MS)
    expect(readdirSync(dir)).toEqual([made])
  } finally {
    await lock.end()
    await server.stop()
  }
})

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
