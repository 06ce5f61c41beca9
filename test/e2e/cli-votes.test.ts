// The user story of tickers and vote history through the built binary, on the file and with
// --remote: a chat log with ticker votes for games not playing, `votes list` of the session,
// `pick --fresh --explain` (the game just played weighs a third of one never played),
// `sessions list --limit`, and the bad flags that exit 2.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertCliBuilt, cli, cliJson, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'

const temp = createTempDir()
const cwd = temp.path
const env = { GAME_PICKER_DB: 'votes.sqlite' }
const local = (args: string[]) => cliJson(args, { cwd, env })
const KEY = 'votes-test-key'
let server: RunningServe
let session: number
const ids: Record<string, number> = {}

beforeAll(async () => {
  assertCliBuilt()
  await cli(['init'], { cwd, env })
  const games = await local(['games', 'list'])
  for (const ticker of ['DRAW2', 'QPL3', 'TMP2', 'FIB4']) ids[ticker] = games.find((game: { ticker: string }) => game.ticker === ticker).id
  await local(['sessions', 'start'])
  session = (await local(['sessions', 'add', String(ids.DRAW2)])).session_id
  const at = (s: number) => new Date(Date.now() + s * 2000).toISOString()
  writeFileSync(join(cwd, 'chat.json'), JSON.stringify([
    { username: 'ann', message: 'Quiplash next please QPL3++', timestamp: at(1) },
    { username: 'bob', message: 'tmp2-- too scary', timestamp: at(2) },
    { username: 'cat', message: 'thisgame++', timestamp: at(3) },
    { username: 'dan', message: 'QPL3++ TMP2++', timestamp: at(4) },
  ]))
  expect(await local(['chat-import', String(session), 'chat.json'])).toMatchObject({ votesProcessed: 3 })
  server = await startServe([], { cwd, env: { ...env, ADMIN_KEY: KEY } })
})
afterAll(async () => {
  await server?.stop()
  temp.remove()
})

describe('game-picker votes, tickers and the picker that remembers', () => {
  it('votes list shows the session\'s votes, ticker votes for games not playing included, the same on the file and remotely', async () => {
    const page = await local(['votes', 'list', '--session', String(session)])
    expect(page.next_before).toBeNull()
    expect(page.votes.map((v: { username: string; game_id: number; type: string; session_game_id: number | null }) =>
      [v.username, v.game_id, v.type, v.session_game_id === null])).toEqual([
      ['cat', ids.DRAW2, 'up', false], ['bob', ids.TMP2, 'down', true], ['ann', ids.QPL3, 'up', true]])
    // Remotely it needs a token with the scope votes (the admin key's login holds every scope).
    expect(await cliJson(['votes', 'list', '--session', String(session), '--remote', server.url, '--key', KEY], { cwd, env })).toEqual(page)
    expect((await cli(['votes', 'list', '--remote', server.url], { cwd, env })).code).not.toBe(0)
    const text = await cli(['votes', 'list', '--type', 'up', '--limit', '1'], { cwd, env })
    expect(text.stdout).toMatch(/^ID +At +Session +Game +User +Vote +By\n/)
    expect(text.stdout).toMatch(/cat +up +game playing\n$/)
    expect(text.stderr).toMatch(/^Older votes: --before \d+\n$/)
    expect(await local(['votes', 'list', '--user', 'bob', '--game', String(ids.TMP2)])).toMatchObject({ votes: [{ username: 'bob', type: 'down' }] })
  })

  it('pick --fresh --explain: the game just played weighs a third of one never played; --not-played-within and --popular', async () => {
    const { odds } = await local(['pick', '--fresh', '--explain'])
    const weight = (id: number) => odds.find((entry: { id: number }) => entry.id === id).weight
    expect(weight(ids.QPL3)).toBe(3)
    expect(weight(ids.DRAW2)).toBeCloseTo(1, 3)
    expect(weight(ids.DRAW2) / weight(ids.QPL3)).toBeCloseTo(1 / 3, 3)
    const recent = await local(['pick', '--not-played-within', '7', '--explain'])
    expect(recent.odds.some((entry: { id: number }) => entry.id === ids.DRAW2)).toBe(false)
    expect(recent.poolSize).toBe(61)
    const popular = (await local(['pick', '--popular', '--explain'])).odds
    expect(popular.find((entry: { id: number }) => entry.id === ids.QPL3).weight).toBe(2) // 1 up, 0 down
    expect(popular.find((entry: { id: number }) => entry.id === ids.TMP2).weight).toBe(0.5)
    const text = await cli(['pick', '--fresh', '--explain', '--pack', 'Drawful 2', '--pack', 'The Jackbox Party Pack 7'], { cwd, env })
    expect(text.code).toBe(0)
    const [picked, explained] = text.stdout.split('\n\n')
    expect(picked).toMatch(/\n  Picked from 6 of 62 enabled games\.$/)
    // The odds as a table: Drawful 2, just played, weighs a third of each Party Pack 7 game (3/16 each, 1/16).
    expect(explained.trimEnd().split('\n').map((line) => line.split(/ {2,}/))).toEqual([
      ['Odds of the first draw (6 games):'],
      ['Title', 'Pack', 'Weight', 'Chance'],
      ...['Blather \'Round', 'Champ\'d Up', 'Quiplash 3', 'Talking Points', 'The Devils and the Details']
        .map((title) => [title, 'The Jackbox Party Pack 7', '3', '18.7%']),
      ['Drawful 2', 'Drawful 2', '1', '6.3%'],
    ])
  })

  it('sessions list --limit; bad values exit 2 and change nothing', async () => {
    expect(await local(['sessions', 'list', '--limit', '1'])).toHaveLength(1)
    for (const args of [['pick', '--not-played-within', '0'], ['pick', '--not-played-within', '3651'], ['votes', 'list', '--limit', '501'],
      ['votes', 'list', '--type', 'sideways'], ['sessions', 'list', '--limit', '0']]) {
      expect((await cli(args, { cwd, env })).code, args.join(' ')).toBe(2)
    }
  })
})
