// pick's --audience-overflow, --pack, --count and --explain in-process on a temp file: the
// human text, the API's shape under --json, and the failures.
import { describe, expect, it } from 'vitest'
import { createTempDb } from '../test-helpers/temp-db.ts'

async function createCatalogue() {
  const db = createTempDb()
  await db.run('init', '--empty')
  await db.json('games', 'add', '--pack', 'Pack A', '--title', 'Alpha', '--min', '2', '--max', '6', '--minutes', '10', '--audience')
  await db.json('games', 'add', '--pack', 'Pack A', '--title', 'Beta', '--min', '3', '--max', '8')
  await db.json('games', 'add', '--pack', 'Pack B', '--title', 'Gamma', '--min', '4', '--max', '10', '--audience')
  await db.json('packs', 'favor', 'Pack B', 'favor')
  await db.json('games', 'favor', '2', 'disfavor')
  return db
}

describe('pick beyond one game', () => {
  it('--explain prints the odds as a table, highest chance first', async () => {
    const db = await createCatalogue()
    const { stdout, code } = await db.run('pick', '--explain', '--seed', 'odds')
    expect(code).toBe(0)
    expect(stdout).toMatch(/^#\d \w+ \(Pack [AB]\)\n.*\n {2}Picked from 3 of 3 enabled games\.\n\n/)
    expect(stdout.slice(stdout.indexOf('\n\n') + 2)).toBe([
      'Odds of the first draw (3 games):',
      'Title  Pack    Weight  Chance',
      'Gamma  Pack B       3   69.2%',
      'Alpha  Pack A       1   23.1%',
      'Beta   Pack A     1/3    7.7%',
      '',
    ].join('\n'))
  })

  it('--json prints the API\'s shape: games with --count, odds with --explain, neither without', async () => {
    const db = await createCatalogue()
    expect(Object.keys(await db.json('pick'))).toEqual(['game', 'poolSize', 'totalEnabled'])
    const result = await db.json('pick', '--count', '5', '--explain', '--pack', 'Pack A', '--pack', 'Pack B')
    expect(Object.keys(result)).toEqual(['game', 'poolSize', 'totalEnabled', 'games', 'odds'])
    expect(result.games.map((game: { id: number }) => game.id).sort()).toEqual([1, 2, 3])
    expect(result.odds[0]).toEqual({ id: 3, title: 'Gamma', pack_name: 'Pack B', weight: 3, probability: 3 / (3 + 1 + 1 / 3) })
    const packA = await db.json('pick', '--pack', 'Pack A', '--explain')
    expect(packA.odds.map((entry: { title: string }) => entry.title)).toEqual(['Alpha', 'Beta'])
  })

  it('--count lists the candidates in draw order; the first is the game a plain pick with the seed gives', async () => {
    const db = await createCatalogue()
    const plain = await db.json('pick', '--seed', 'room')
    const { stdout } = await db.run('pick', '--count', '2', '--seed', 'room')
    expect(stdout).toMatch(new RegExp(`^2 candidates, drawn in this order from 3 of 3 enabled games:\\n1\\. #${plain.game.id} ${plain.game.title} .*\\n {3}.*\\n2\\. #\\d `))
  })

  it('--audience-overflow lets audience games take more players than their maximum', async () => {
    const db = await createCatalogue()
    expect((await db.run('pick', '--players', '12')).code).toBe(1)
    const overflow = await db.json('pick', '--players', '12', '--audience-overflow', '--explain')
    expect(overflow.odds.map((entry: { title: string }) => entry.title)).toEqual(['Gamma', 'Alpha'])
  })

  it('an unknown pack fails with the API\'s message (exit 1)', async () => {
    const db = await createCatalogue()
    expect(await db.run('pick', '--pack', 'Pack A', '--pack', 'Nope')).toEqual({ code: 1, stdout: '', stderr: 'error: Unknown pack: Nope\n' })
    const json = await db.run('pick', '--pack', 'Nope', '--json')
    expect({ code: json.code, body: JSON.parse(json.stderr) }).toEqual({ code: 1, body: { error: 'Unknown pack: Nope' } })
  })
})
