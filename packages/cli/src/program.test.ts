// argv -> exit code and message, in-process on throwaway in-memory databases: the usage rules
// (exit 2) are decided before any data is touched.
import { describe, expect, it } from 'vitest'
import { runInProcess } from './test-helpers/runtime.ts'

const MEMORY = ['--db', ':memory:']

describe('usage errors exit 2 with a message on stderr', () => {
  it.each([
    ['an unknown command', ['gmaes'], /unknown command 'gmaes'/],
    ['an unknown option', ['pick', '--colour'], /unknown option '--colour'/],
    ['a non-integer player count', ['pick', '--players', 'six'], /--players <n>.*must be an integer/],
    ['a drawing value not in the list', ['games', 'list', '--drawing', 'maybe'], /Allowed choices are only, exclude/],
    ['a bad favor level', ['games', 'favor', '1', 'lots'], /must be favor, neutral or disfavor/],
    ['a bad session game status', ['sessions', 'status', '1', '1', 'done'], /Allowed choices are playing, played, skipped/],
    ['a vote without --user', ['vote', 'up'], /required option '--user <name>'/],
    ['a vote with a bad --at', ['vote', 'up', '--user', 'ann', '--at', 'yesterday-ish'], /must be a date-time/],
    ['a group without its subcommand', ['games'], /Usage: game-picker games/],
    ['games add off a terminal with fields missing', ['games', 'add', '--pack', 'P'], /Missing --title, --min, --max \(prompted only on a terminal\)/],
    ['games edit with nothing to change', ['games', 'edit', '1'], /Nothing to change/],
    ['import games with neither a file nor --builtin', ['import', 'games'], /Pass either a CSV file or --builtin jackbox/],
    ['import games with both a file and --builtin', ['import', 'games', 'x.csv', '--builtin', 'jackbox'], /Pass either/],
    ['an unknown bundled catalogue', ['import', 'games', '--builtin', 'uno'], /Allowed choices are jackbox/],
    ['pick -i off a terminal', ['pick', '-i'], /--interactive needs a terminal/],
    ['a pick count of 0', ['pick', '--count', '0'], /--count <n>.*must be an integer from 1 to 10/],
    ['a pick count above 10', ['pick', '--count', '11'], /--count <n>.*must be an integer from 1 to 10/],
    ['a pick count that is not an integer', ['pick', '--count', '2.5'], /--count <n>.*must be an integer from 1 to 10/],
    ['pick --add with several candidates', ['pick', '--add', '--count', '3'], /--add adds one game; to let the room choose among --count candidates, use pick -i/],
    ['the room monitor on a local database', ['sessions', 'monitor', 'start', '1', '1'], /runs inside the server: use --remote URL/],
    ['init against a server', ['init', '--remote', 'http://127.0.0.1:9'], /init works on the database file itself/],
    ['serve against a server', ['serve', '--remote', 'http://127.0.0.1:9'], /serve works on the database file itself/],
    ['a remote write without a key', ['sessions', 'start', '--remote', 'http://127.0.0.1:9'], /needs the admin key: pass --key KEY or set GAME_PICKER_KEY/],
    ['a poll on named games and a pick at once', ['poll', 'open', '--games', '1,2', '--players', '4'], /--games names the candidates; leave out the pick options/],
    ['a poll game id that is not one', ['poll', 'open', '--games', '1,two'], /--games <ids>.*must be a positive integer id/],
    ['a poll vote without --user', ['poll', 'vote', '1'], /required option '--user <name>'/],
    ['a poll vote for no number', ['poll', 'vote', 'first', '--user', 'ann'], /must be an integer of at least 1/],
    ['closing a poll when none is open', ['poll', 'close'], /No poll is open; name one to close/],
  ])('%s', async (_name, argv, message) => {
    const run = await runInProcess([...argv, ...MEMORY])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(message)
  })
})

// The queue's values are checked by the API's own readers: its words, not commander's.
describe('a bad queue value exits 2 with the API message, before any data is touched', () => {
  it.each([
    [['queue', 'seat', '--count', 'abc'], 'count must be an integer from 1 to 16'],
    [['queue', 'seat', '--count', '1.5'], 'count must be an integer from 1 to 16'],
    [['queue', 'seat', '--count', '0'], 'count must be an integer from 1 to 16'],
    [['queue', 'seat', '--count', '17'], 'count must be an integer from 1 to 16'],
    [['queue', 'open', '--host-players', '9'], 'host_players must be an integer from 0 to 8'],
    [['queue', 'open', '--host-players', 'two'], 'host_players must be an integer from 0 to 8'],
    [['queue', 'add', '   '], 'name must be 1 to 25 characters'],
    [['queue', 'add', 'x'.repeat(26)], 'name must be 1 to 25 characters'],
  ])('%j', async (argv, message) => {
    expect(await runInProcess([...argv, ...MEMORY])).toEqual({ code: 2, stdout: '', stderr: `error: ${message}\n` })
    expect(await runInProcess([...argv, '--json', ...MEMORY])).toEqual({ code: 2, stdout: '', stderr: `${JSON.stringify({ error: message })}\n` })
  })
})

it('pick -i with --json is bad usage even on a terminal', async () => {
  const run = await runInProcess(['pick', '-i', '--json', ...MEMORY], { interactive: true })
  expect(run).toMatchObject({ code: 2, stderr: expect.stringContaining('--interactive is for a person at a terminal; drop --json.') })
})

describe('help, version and JSON', () => {
  it('--help and --version exit 0 on stdout', async () => {
    const help = await runInProcess(['pick', '--help'])
    expect(help).toMatchObject({ code: 0, stderr: '' })
    expect(help.stdout).toMatch(/--exclude-played/)
    expect(help.stdout).toMatch(/Global Options:[\s\S]*--json/)
    expect((await runInProcess(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('global options work after the subcommand; an in-memory database starts empty', async () => {
    const run = await runInProcess(['games', 'list', '--json', ...MEMORY])
    expect(run).toEqual({ code: 0, stdout: '[]\n', stderr: '' })
  })

  it('a failure exits 1; under --json stderr carries the HTTP error body', async () => {
    const human = await runInProcess(['pick', ...MEMORY])
    expect(human.code).toBe(1)
    expect(human.stderr).toBe('error: No games match the current filters\nSuggestion: Try different filters, or enable more games\n')
    const json = await runInProcess(['pick', '--json', ...MEMORY])
    expect(JSON.parse(json.stderr)).toEqual({ error: 'No games match the current filters', suggestion: 'Try different filters, or enable more games' })
  })

  it('games add with every field prints the created game as the API returns it', async () => {
    const run = await runInProcess(['games', 'add', '--pack', 'P', '--title', 'T', '--min', '2', '--max', '6', '--minutes', '15', '--family-friendly', '--json', ...MEMORY])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ id: 1, pack_name: 'P', title: 'T', min_players: 2, max_players: 6, length_minutes: 15, family_friendly: 1, has_audience: 0, enabled: 1, favor_bias: 0 })
  })
})
