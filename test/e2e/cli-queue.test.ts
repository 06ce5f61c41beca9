// `game-picker queue` (decisions §27): one walk through every subcommand, expecting the same text
// and exit codes on the database file (the sqlite run) and with --remote against a serve (the
// PostgreSQL run); then, on the server, the seats checked against a followed room (the fake ecast).
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type FakeEcast, startFakeEcast } from '../helpers/fake-ecast.ts'
import { assertCliBuilt, cli, type CliResult, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'
import { TEST_STORE } from '../helpers/postgres.ts'
import { until } from '../helpers/until.ts'

const temp = createTempDir()
const cwd = temp.path
const KEY = 'queue-admin-key'
let ecast: FakeEcast
let server: RunningServe
const LOCAL = { GAME_PICKER_DB: 'local.sqlite' }
// The server's own database, named for the commands too (on the PostgreSQL run, the same one).
const REMOTE = { GAME_PICKER_DB: 'remote.sqlite' }

beforeAll(async () => {
  assertCliBuilt()
  ecast = await startFakeEcast()
  await cli(['init'], { cwd, env: LOCAL })
  server = await startServe([], { cwd, env: { ...REMOTE, ADMIN_KEY: KEY, ECAST_URL: ecast.url } })
})
afterAll(async () => {
  await server?.stop()
  await ecast?.close()
  temp.remove()
})

type Run = (args: string[]) => Promise<CliResult>
const local: Run = (args) => cli(args, { cwd, env: LOCAL })
const remote: Run = (args) => cli([...args, '--remote', server.url, '--key', KEY], { cwd, env: REMOTE })
const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' })
const failed = (code: number, message: string) => ({ code, stdout: '', stderr: `error: ${message}\n` })
const json = async (run: Run, args: string[]) => {
  const result = await run([...args, '--json'])
  expect(result, args.join(' ')).toMatchObject({ code: 0, stderr: '' })
  return JSON.parse(result.stdout)
}

const EMPTY = `Queue of session #1: closed, 1 host player.

Line (0):
Nobody is waiting.

Seats (0):
Nobody is seated.
`

const SEATED = `Queue of session #1: open, 2 host players.

Line (1):
#  Name  Seat name  Games  ID
1  Eve   EVE            0   5

Seats (4):
Seat name  State   Name     ID
ZOEANN     seated  Zoë Ann   1
BOB        seated  Bob       2
CAT        seated  Cat       3
DAN        seated  Dan       4
`

/** Every subcommand with and without --json, and every refusal the database makes, with its exit code. */
async function walkThrough(run: Run) {
  expect(await run(['queue'])).toEqual(failed(1, 'No active session'))
  expect(await run(['queue', '--json'])).toEqual({ code: 1, stdout: '', stderr: '{"error":"No active session"}\n' })
  await run(['sessions', 'start'])
  expect(await run(['queue'])).toEqual(ok(EMPTY))

  expect(await json(run, ['queue', 'open', '--host-players', '2'])).toEqual({ session_id: 1, open: true, host_players: 2, entries: [], unseated: [] })
  expect(await run(['queue', 'add', '  Zoë Ann '])).toEqual(ok('Added Zoë Ann (seat name ZOEANN) as number 1 in the line, entry 1.\n'))
  expect(await json(run, ['queue', 'add', 'Bob'])).toMatchObject({
    id: 2, user: 'host:Bob', name: 'Bob', seat_name: 'BOB', state: 'waiting', position: 2, games_played: 0, session_game_id: null,
  })
  for (const name of ['Cat', 'Dan', 'Eve']) await run(['queue', 'add', name])
  expect(await run(['queue', 'add', 'Zoë Ann'])).toEqual(failed(1, 'Already in the queue'))
  expect(await run(['queue', 'seat'])).toEqual(failed(1, 'count is required when no game is playing'))

  // A game of 6 players is playing: 6 less the host's 2 are seated, in fair order.
  const game = await json(run, ['games', 'add', '--pack', 'House Games', '--title', 'Queue Game', '--min', '3', '--max', '6'])
  const row = await json(run, ['sessions', 'add', String(game.id)])
  expect(await run(['queue', 'seat'])).toEqual(ok(SEATED))
  const seated = await json(run, ['queue', 'seat', '--count', '1'])
  expect(seated.entries.map((entry: any) => [entry.name, entry.state, entry.session_game_id])).toEqual([
    ['Zoë Ann', 'seated', row.id], ['Bob', 'seated', row.id], ['Cat', 'seated', row.id], ['Dan', 'seated', row.id], ['Eve', 'seated', row.id],
  ])

  expect(await run(['queue', 'remove', '1'])).toEqual(ok('Removed Zoë Ann (entry 1, seated) from the queue.\n'))
  expect(await json(run, ['queue', 'remove', '2'])).toMatchObject({ id: 2, name: 'Bob', state: 'seated', position: null })
  expect(await run(['queue', 'remove', '1'])).toEqual(failed(1, 'Queue entry not found'))
  expect(await json(run, ['queue', 'close'])).toMatchObject({ open: false, host_players: 2 })
  expect((await run(['queue', 'close'])).stdout).toMatch(/^Queue of session #1: closed, 2 host players\.\n/)
  const shown = await json(run, ['queue'])
  expect(shown).toMatchObject({ session_id: 1, open: false, unseated: [] })
  expect(shown.entries.map((entry: any) => entry.name)).toEqual(['Cat', 'Dan', 'Eve'])
  await run(['sessions', 'close'])
}

/**
 * Refused on the command line in the API's words (bad usage), before anything is opened or sent,
 * so alike with and without --remote (program.test.ts has every bad value of each option).
 */
async function usageRefusals(run: Run) {
  expect(await run(['queue', 'seat', '--count', '1.5'])).toEqual(failed(2, 'count must be an integer from 1 to 16'))
  expect(await run(['queue', 'seat', '--count', '17', '--json'])).toEqual({ code: 2, stdout: '', stderr: '{"error":"count must be an integer from 1 to 16"}\n' })
  expect(await run(['queue', 'open', '--host-players', '9'])).toEqual(failed(2, 'host_players must be an integer from 0 to 8'))
  expect(await run(['queue', 'add', 'x'.repeat(26)])).toEqual(failed(2, 'name must be 1 to 25 characters'))
  expect((await run(['queue', 'remove', 'abc'])).code).toBe(2)
}

// One walk per project: the CLI's local backend on the sqlite run (a database file), its remote
// backend against a PostgreSQL server on the postgres run. Both backends are the same code on
// either store, and the queue itself is tested on both stores by the core and HTTP tests.
if (TEST_STORE === 'sqlite') {
  test('on the database file: every queue command, its output and its refusals', { timeout: 120_000 }, async () => {
    await walkThrough(local)
    await usageRefusals(local)
  })
} else {
  test('with --remote: the same walk through the API, and the key needed for changes', { timeout: 120_000 }, () => remoteWalk())
}

async function remoteWalk() {
  await walkThrough(remote)
  expect(await remote(['queue', 'seat', '--count', '0'])).toEqual(failed(2, 'count must be an integer from 1 to 16'))
  expect(await cli(['queue', 'open', '--remote', server.url], { cwd, env: REMOTE }))
    .toEqual(failed(2, 'This command needs the admin key: pass --key KEY or set GAME_PICKER_KEY.'))
}

test('with --remote and a followed room: seats join by their seat name, and the room\'s other players are not seated', { timeout: 120_000 }, async () => {
  await remote(['sessions', 'start'])
  await remote(['queue', 'open', '--host-players', '1'])
  for (const name of ['Sam', 'Ann', 'Bob']) await remote(['queue', 'add', name])
  const room = ecast.createRoom('QUEU', { appTag: 'quiplash3', maxPlayers: 8 })
  room.join('player', 'SAM')
  room.join('player', 'ZED')
  await json(remote, ['room', 'QUEU'])
  await remote(['queue', 'seat', '--count', '2'])

  const queue = await until(() => json(remote, ['queue']), (shown) => shown.unseated.length > 0 && shown.entries[1].state === 'joined', 30_000, 100)
  expect(queue.entries.map((entry: any) => [entry.seat_name, entry.state])).toEqual([['BOB', 'waiting'], ['SAM', 'joined'], ['ANN', 'seated']])
  expect(queue.unseated).toEqual(['ZED'])
  const [bob, sam, ann] = queue.entries
  expect(await remote(['queue'])).toEqual(ok(`Queue of session #${queue.session_id}: open, 1 host player.

Line (1):
#  Name  Seat name  Games  ID
1  Bob   BOB            0   ${bob.id}

Seats (2):
Seat name  State   Name  ID
SAM        joined  Sam    ${sam.id}
ANN        seated  Ann    ${ann.id}

Not seated: ZED
`))
})
