// The built binary on local database files: each command's happy path, its main errors, the
// --json shapes and the exit codes (0 ok, 1 failed, 2 bad usage).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertCliBuilt, cli, cliJson, createTempDir } from '../helpers/cli.ts'

const temp = createTempDir()
const cwd = temp.path
beforeAll(assertCliBuilt)
afterAll(temp.remove)

// Each test has its own database file, so they run concurrently (one process per core at a time).
describe.concurrent('game-picker on a local database file', () => {
  it('is ready on first run: a first pick creates the default file with the bundled catalogue', async () => {
    const first = await cli(['pick', '--players', '6', '--json'], { cwd })
    expect(first.code).toBe(0)
    expect(first.stderr).toBe('Created ./game-picker.sqlite with the bundled Jackbox catalogue (62 games).\n')
    const { game, poolSize, totalEnabled } = JSON.parse(first.stdout)
    expect(game.min_players).toBeLessThanOrEqual(6)
    expect(game.max_players).toBeGreaterThanOrEqual(6)
    expect(totalEnabled).toBe(62)
    expect(poolSize).toBeGreaterThan(10)

    const [seeded, again, init, empty] = await Promise.all([
      cli(['pick', '--players', '6', '--seed', 'friday', '--json'], { cwd }),
      cli(['pick', '--players', '6', '--seed', 'friday', '--json'], { cwd }),
      cli(['init'], { cwd }),
      cli(['init', '--empty', '--db', 'empty.sqlite'], { cwd }),
    ])
    expect(seeded.stdout).toBe(again.stdout) // --seed repeats
    expect(init).toEqual({ code: 0, stdout: './game-picker.sqlite already exists (62 games); nothing changed.\n', stderr: '' })
    expect(empty.stdout).toBe('Created empty.sqlite (empty).\n')
    expect(await cliJson(['games', 'list', '--db', 'empty.sqlite'], { cwd })).toEqual([])
  })

  // One writer per file: the writes of a test run one after another.
  it('runs a games night: session, picks, votes, chat log, close, export, stats', async () => {
    const env = { GAME_PICKER_DB: 'night.sqlite' }
    // No init: the first write command creates the file, with the catalogue, too.
    const started = await cli(['sessions', 'start', '--notes', 'Friday', '--json'], { cwd, env })
    expect(started.stderr).toBe('Created night.sqlite with the bundled Jackbox catalogue (62 games).\n')
    expect(JSON.parse(started.stdout)).toMatchObject({ id: 1, is_active: 1, notes: 'Friday' })

    const picked = await cliJson(['pick', '--players', '6', '--add', '--seed', 'a'], { cwd, env })
    expect(picked.sessionGame).toMatchObject({ session_id: 1, game_id: picked.game.id, status: 'playing', manually_added: 0 })
    const otherId = picked.game.id === 1 ? 2 : 1
    const added = await cliJson(['sessions', 'add', String(otherId), '--room-code', 'abcd'], { cwd, env })
    expect(added).toMatchObject({ game_id: otherId, room_code: 'ABCD', manually_added: 1, status: 'playing' })
    const [first, latest] = [picked.sessionGame, added]

    const at = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString()
    const vote = await cliJson(['vote', 'up', '--user', 'alice', '--at', at(latest.played_at, 1000)], { cwd, env })
    expect(vote).toMatchObject({ success: true, game: { id: otherId, upvotes: 1 }, vote: { username: 'alice', type: 'up' } })

    const chat = [
      { username: 'bob', message: 'thisgame++', timestamp: at(first.played_at, 5) },
      { username: 'carol', message: 'THISGAME-- too long', timestamp: at(first.played_at, 6) },
      { username: 'dave', message: 'hello', timestamp: at(latest.played_at, 5) },
    ]
    writeFileSync(join(cwd, 'chat.json'), JSON.stringify(chat))
    const imported = await cliJson(['chat-import', '1', 'chat.json'], { cwd, env })
    expect(imported).toMatchObject({ messagesImported: 3, duplicatesSkipped: 0, votesProcessed: 2 })
    expect(imported.votesByGame[first.game_id]).toEqual({ title: first.title, upvotes: 1, downvotes: 1 })

    expect(await cliJson(['sessions', 'close', '--notes', 'Great night'], { cwd, env })).toMatchObject({ id: 1, is_active: 0, notes: 'Great night', games_played: 2 })
    const [exported, report, stats, table] = await Promise.all([
      cli(['sessions', 'export', '1', '--format', 'json', '-o', 'night.json'], { cwd, env }),
      cli(['sessions', 'export', '1'], { cwd, env }),
      cliJson(['stats'], { cwd, env }),
      cli(['sessions', 'list'], { cwd, env }),
    ])
    expect(exported).toEqual({ code: 0, stdout: '', stderr: 'Wrote session #1 to night.json.\n' })
    expect(JSON.parse(readFileSync(join(cwd, 'night.json'), 'utf8'))).toMatchObject({ session: { id: 1 }, games: [{}, {}], votes: [{}, {}, {}] })
    expect(await cliJson(['sessions', 'delete', '1'], { cwd, env })).toEqual({ message: 'Session deleted', sessionId: 1 })
    expect(report.stdout).toMatch(/^Game Picker session #1\n[\s\S]*Notes: {8}Great night/)
    expect(stats).toMatchObject({ sessions: { count: 1 }, activeSessions: { count: 0 }, totalGamesPlayed: { count: 2 } })
    expect(stats.topRatedGames.map((game: { id: number }) => game.id).sort()).toEqual([first.game_id, otherId].sort())
    expect(table.stdout).toMatch(/^ID {2}Started {11}Closed {12}Games {2}Notes\n 1 {2}\d{4}-\d\d-\d\d \d\d:\d\d/)

    expect(await Promise.all([cliJson(['sessions', 'list'], { cwd, env }), cliJson(['sessions', 'show'], { cwd, env })]))
      .toEqual([[], { session: null, message: 'No active session' }])
  })

  it('manages webhooks locally (queued until a server delivers them) and rotates the admin key', async () => {
    const env = { GAME_PICKER_DB: 'hooks.sqlite' }
    // Usage errors and admin-key without --rotate never open the file, so they run alongside.
    const [hook, missing, about] = await Promise.all([
      cliJson(['webhooks', 'add', '--name', 'Discord', '--url', 'http://127.0.0.1:9/hook', '--secret', 's3cret', '--events', 'session.started,game.added'], { cwd, env }),
      cli(['webhooks', 'add', '--name', 'x'], { cwd, env }),
      cli(['admin-key'], { cwd, env }),
    ])
    expect(hook).toEqual({ id: 1, name: 'Discord', url: 'http://127.0.0.1:9/hook', events: ['session.started', 'game.added'], enabled: true, created_at: expect.any(String) })
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringMatching(/required option '--url <url>'/) })
    expect(about.stdout).toMatch(/shown only once, when it is created/)
    expect(await cliJson(['webhooks', 'edit', '1', '--disable'], { cwd, env })).toMatchObject({ id: 1, enabled: false })
    expect((await cli(['webhooks', 'test', '1'], { cwd, env })).stdout).toMatch(/delivered when `game-picker serve` runs on this database/)
    const [list, logs, table] = await Promise.all([
      cliJson(['webhooks', 'list'], { cwd, env }),
      cliJson(['webhooks', 'logs', '1', '--limit', '5'], { cwd, env }),
      cli(['webhooks', 'list'], { cwd, env }),
    ])
    expect(list).toEqual([{ ...hook, enabled: false }])
    expect(logs).toEqual([])
    expect(table.stdout).toBe([
      'ID  Name     URL                      Events                      Enabled',
      ' 1  Discord  http://127.0.0.1:9/hook  session.started,game.added  no',
    ].join('\n') + '\n')
    expect(await cliJson(['webhooks', 'remove', '1'], { cwd, env })).toEqual({ message: 'Webhook deleted', webhookId: 1 })

    const rotated = await cli(['admin-key', '--rotate'], { cwd, env })
    expect(rotated.stdout).toMatch(/^Admin key \(shown once, store it now\): [\w-]{20,}\n/)
  })
})
