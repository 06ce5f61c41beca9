// The CLI against a running `serve`: the same commands give the same results locally and with
// --remote, and serve's admin key and shutdown behave as documented.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertCliBuilt, cli, type CliResult, cliJson, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'

const temp = createTempDir()
const cwd = temp.path
const KEY = 'test-admin-key'
// The room monitor polls this closed port instead of the real Jackbox service.
const env = { GAME_PICKER_DB: 'shop.sqlite', ECAST_URL: 'http://127.0.0.1:9' }
let server: RunningServe

beforeAll(async () => {
  assertCliBuilt()
  await cli(['init'], { cwd, env })
  server = await startServe([], { cwd, env: { ...env, ADMIN_KEY: KEY } })
})
afterAll(async () => {
  await server?.stop()
  temp.remove()
})

const remote = (args: string[]) => cli([...args, '--remote', server.url, '--key', KEY], { cwd, env })
const local = (args: string[]) => cli(args, { cwd, env })
const both = (args: string[]) => Promise.all([local(args), remote(args)])
const remoteJson = (args: string[]) => cliJson([...args, '--remote', server.url, '--key', KEY], { cwd, env })

describe.concurrent('game-picker --remote against game-picker serve', () => {
  it('gives the same results as the local file (read locally beside the server), and writes through it', { timeout: 60_000 }, async () => {
    const commands = [
      ['games', 'list', '--players', '6', '--drawing', 'exclude', '--json'],
      ['games', 'list', '--length', 'short', '--no-family-friendly'],
      ['games', 'show', '999'],
      ['packs', 'list', '--json'],
      ['stats', '--json'],
      ['export', 'games'],
      ['sessions', 'show', '--json'],
    ]
    const results = await Promise.all(commands.map(both))
    results.forEach(([fromFile, fromServer], i) => expect(fromServer, commands[i].join(' ')).toEqual(fromFile))
    expect(results[2][0]).toMatchObject({ code: 1, stderr: 'error: Game not found\n' })
    expect(JSON.parse(results[0][0].stdout).length).toBeGreaterThan(10)

    const writes = await Promise.all([
      cli(['sessions', 'start', '--remote', server.url], { cwd, env }),
      cli(['sessions', 'start', '--remote', server.url, '--key', 'wrong'], { cwd, env }),
      remote(['pick', '--seed', '7']),
    ])
    expect(writes.map(({ code, stderr }) => ({ code, stderr }))).toEqual([
      { code: 2, stderr: 'error: This command needs the admin key: pass --key KEY or set GAME_PICKER_KEY.\n' },
      { code: 1, stderr: 'error: Invalid admin key\n' },
      { code: 2, stderr: 'error: --seed works only on a local database: the server picks with its own random source.\n' },
    ])

    // Writes go through the server (a local write beside it is refused on a file: cli-file-lock.test.ts).
    const session = await remoteJson(['sessions', 'start', '--notes', 'Remote night'])
    expect(session).toMatchObject({ id: 1, is_active: 1, notes: 'Remote night' })
    const picked = await remoteJson(['pick', '--players', '6', '--add'])
    expect(picked.sessionGame).toMatchObject({ session_id: 1, game_id: picked.game.id, status: 'playing' })
    const added = await remoteJson(['sessions', 'add', String(picked.game.id === 5 ? 6 : 5), '--room-code', 'ab12'])
    expect(added).toMatchObject({ room_code: 'AB12', manually_added: 1 })
    const row = (id: number) => ['1', String(id)]
    writeFileSync(join(cwd, 'one.csv'), `${results[5][1].stdout.split('\n').slice(0, 2).join('\n')}\n`)

    // Remote writes need no file lock, so independent ones run side by side.
    const [noRoom, monitor, vote, duplicate, replace, status, count] = await Promise.all([
      remote(['sessions', 'monitor', 'start', ...row(picked.sessionGame.id)]),
      remoteJson(['sessions', 'monitor', 'start', ...row(added.id)]),
      remoteJson(['vote', 'up', '--user', 'ann']),
      remote(['games', 'add', '--pack', picked.game.pack_name, '--title', picked.game.title, '--min', '2', '--max', '4']),
      remote(['import', 'games', 'one.csv', '--mode', 'replace']), // planned against the server's catalogue
      remoteJson(['sessions', 'status', ...row(picked.sessionGame.id), 'skipped']),
      remoteJson(['sessions', 'player-count', ...row(added.id), '5']),
    ])
    // After the batch: it gives the row the monitor start above must find without a room code.
    const code = await remoteJson(['sessions', 'room-code', ...row(picked.sessionGame.id), 'wxyz'])
    expect(noRoom).toMatchObject({ code: 1, stderr: 'error: Game does not have a room code\n' })
    expect(monitor).toEqual({ message: 'Player count check started', status: 'monitoring' })
    expect(vote).toMatchObject({ game: { id: added.game_id, upvotes: 1 } })
    expect(duplicate).toMatchObject({ code: 1, stderr: 'error: A game with this title already exists in this pack\n' })
    expect(replace).toMatchObject({ code: 2, stderr: 'error: Replace: 61 games not in the file would be deleted, with their play history and votes. Pass --yes to confirm.\n' })
    expect([status, count, code.room_code]).toEqual([{ message: 'Status updated', status: 'skipped' }, { message: 'Player count updated', player_count: 5 }, 'WXYZ'])

    const [rows, rowsRemote] = await both(['sessions', 'games', '--json'])
    expect(rowsRemote).toEqual(rows) // a local read sees the server's writes (on a file: replays its journal)
    expect(JSON.parse(rows.stdout)).toMatchObject([
      { status: 'skipped', player_count_check_status: null },
      { status: 'playing', room_code: 'AB12', player_count: 5, player_count_check_status: 'monitoring', upvotes: 1 },
    ])
    expect(await remoteJson(['sessions', 'monitor', 'stop', ...row(added.id)])).toEqual({ message: 'Player count check stopped', status: 'stopped' })
    expect(await remoteJson(['sessions', 'close'])).toMatchObject({ id: 1, is_active: 0, games_played: 2 })
    const [stats, statsRemote] = await both(['stats', '--json'])
    expect(statsRemote).toEqual(stats)
    expect(JSON.parse(stats.stdout)).toMatchObject({ sessions: { count: 1 }, totalGamesPlayed: { count: 1 } })
  })

  it('serve prints a generated admin key once, stops cleanly on SIGTERM, and admin-key --rotate replaces it', { timeout: 60_000 }, async () => {
    const dir = createTempDir()
    const own = { cwd: dir.path, env: { GAME_PICKER_DB: 'fresh.sqlite' } }
    try {
      const first = await startServe([], own)
      const key = /Admin key \(shown once, store it now\): (\S+)/.exec(first.output().stdout)?.[1]
      expect(key).toBeDefined()
      expect(first.output().stderr).toContain('Created fresh.sqlite with the bundled Jackbox catalogue (62 games).')
      expect(await cliJson(['sessions', 'start', '--remote', first.url, '--key', key!], own)).toMatchObject({ id: 1 })
      const stopped: CliResult = await first.stop('SIGTERM')
      expect(stopped.code).toBe(0)
      expect(stopped.stderr).toContain('SIGTERM: finishing requests and saving the database...')

      const rotated = await cliJson(['admin-key', '--rotate'], own)
      const second = await startServe([], own)
      expect(second.output().stdout).not.toContain('Admin key')
      // One after the other: the CLI finds the active session (a public read) before it logs
      // in, so a close with the new key finishing first made the old key's call fail for want
      // of a session instead of at the login.
      const oldKey = await cli(['sessions', 'close', '--remote', second.url, '--key', key!], own)
      const newKey = await cli(['sessions', 'close', '--remote', second.url, '--key', rotated.key, '--json'], own)
      expect(oldKey).toMatchObject({ code: 1, stderr: 'error: Invalid admin key\n' })
      expect(JSON.parse(newKey.stdout)).toMatchObject({ id: 1, is_active: 0 })
      expect((await second.stop('SIGINT')).code).toBe(0)
    } finally {
      dir.remove()
    }
  })
})
