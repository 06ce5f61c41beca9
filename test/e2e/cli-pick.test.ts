// pick --audience-overflow --pack --count --explain with the real binary, on the file and with
// --remote against a real `serve`: the same odds, the same failures and exit codes either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertCliBuilt, cli, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'

const temp = createTempDir()
const cwd = temp.path
const env = { GAME_PICKER_DB: 'picks.sqlite' }
const PACKS = ['--pack', 'The Jackbox Party Pack 3', '--pack', 'The Jackbox Party Pack 7']
let server: RunningServe

beforeAll(async () => {
  assertCliBuilt()
  await cli(['init'], { cwd, env })
  await cli(['packs', 'favor', 'The Jackbox Party Pack 7', 'favor'], { cwd, env })
  server = await startServe([], { cwd, env })
})
afterAll(async () => {
  await server?.stop()
  temp.remove()
})

const local = (args: string[]) => cli(args, { cwd, env })
const remote = (args: string[]) => cli([...args, '--remote', server.url], { cwd, env })
const both = (args: string[]) => Promise.all([local(args), remote(args)])

describe.concurrent('game-picker pick beyond one game, locally and with --remote', () => {
  it('--json: candidates from the named packs, audience overflow, and the same odds either way', async () => {
    const args = ['pick', '--players', '10', '--audience-overflow', ...PACKS, '--count', '3', '--explain', '--json']
    const results = (await both(args)).map(({ code, stdout, stderr }) => {
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
      return JSON.parse(stdout)
    })
    for (const result of results) {
      expect(Object.keys(result)).toEqual(['game', 'poolSize', 'totalEnabled', 'games', 'odds'])
      expect(new Set(result.games.map((game: { id: number }) => game.id)).size).toBe(3)
      expect(result.game).toEqual(result.games[0])
      for (const game of result.games) expect(game).toMatchObject({ has_audience: 1 })
    }
    expect(results[1].odds).toEqual(results[0].odds)
    expect(results[0].odds[0]).toMatchObject({ pack_name: 'The Jackbox Party Pack 7', weight: 3 })
    expect(results[0].odds.every((entry: { pack_name: string }) => PACKS.includes(entry.pack_name))).toBe(true)
    const plain = await both(['pick', '--json'])
    for (const { stdout } of plain) expect(Object.keys(JSON.parse(stdout))).toEqual(['game', 'poolSize', 'totalEnabled'])
  })

  it('human output: the candidates, then the odds table, the same table from the file and from the server', async () => {
    const [fromFile, fromServer] = await both(['pick', ...PACKS, '--count', '2', '--explain'])
    for (const { code, stdout } of [fromFile, fromServer]) {
      expect(code).toBe(0)
      expect(stdout).toMatch(/^2 candidates, drawn in this order from 10 of 62 enabled games:\n1\. #\d+ .+\n {3}.+\n2\. #\d+ /)
      expect(stdout).toMatch(/\n\nOdds of the first draw \(10 games\):\nTitle +Pack +Weight +Chance\n.+The Jackbox Party Pack 7 +3 +15\.0%\n/)
    }
    const table = (stdout: string) => stdout.slice(stdout.indexOf('\n\n'))
    expect(table(fromServer.stdout)).toBe(table(fromFile.stdout))
  })

  it('--count outside 1-10 is bad usage (exit 2); an unknown pack fails with the API\'s message (exit 1)', async () => {
    for (const count of ['0', '11', 'three']) {
      for (const result of await both(['pick', '--count', count])) {
        expect(result).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('must be an integer from 1 to 10') })
      }
    }
    for (const result of await both(['pick', '--pack', 'The Jackbox Party Pack 3', '--pack', 'Uno'])) {
      expect(result).toEqual({ code: 1, stdout: '', stderr: 'error: Unknown pack: Uno\n' })
    }
    for (const result of await both(['pick', '--pack', 'Uno', '--json'])) {
      expect({ code: result.code, body: JSON.parse(result.stderr) }).toEqual({ code: 1, body: { error: 'Unknown pack: Uno' } })
    }
  })
})
