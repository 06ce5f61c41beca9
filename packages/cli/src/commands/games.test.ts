// Catalogue commands in-process on a temp file: filters, validation messages, human output.
import { describe, expect, it } from 'vitest'
import { createTempDb } from '../test-helpers/temp-db.ts'

async function createCatalogue() {
  const db = createTempDb()
  await db.run('init', '--empty')
  await db.json('games', 'add', '--pack', 'Pack A', '--title', 'Alpha', '--min', '2', '--max', '6', '--minutes', '10', '--type', 'Drawing')
  await db.json('games', 'add', '--pack', 'Pack A', '--title', 'Beta', '--min', '3', '--max', '8', '--minutes', '30', '--family-friendly')
  await db.json('games', 'add', '--pack', 'Pack B', '--title', 'Gamma', '--min', '4', '--max', '10', '--minutes', '20', '--secondary-type', 'drawing')
  return db
}

const ids = (games: { id: number }[]) => games.map((game) => game.id)

describe('games and packs', () => {
  it('filters lists like the API', async () => {
    const db = await createCatalogue()
    await db.json('games', 'toggle', '3')
    expect(ids(await db.json('games', 'list'))).toEqual([1, 2, 3])
    expect(ids(await db.json('games', 'list', '--players', '7'))).toEqual([2, 3])
    expect(ids(await db.json('games', 'list', '--drawing', 'only'))).toEqual([1, 3])
    expect(ids(await db.json('games', 'list', '--drawing', 'exclude'))).toEqual([2])
    expect(ids(await db.json('games', 'list', '--length', 'medium'))).toEqual([3])
    expect(ids(await db.json('games', 'list', '--family-friendly'))).toEqual([2])
    expect(ids(await db.json('games', 'list', '--no-family-friendly'))).toEqual([1, 3])
    expect(ids(await db.json('games', 'list', '--disabled'))).toEqual([3])
    expect(ids(await db.json('games', 'list', '--enabled', '--pack', 'Pack A'))).toEqual([1, 2])
    expect((await db.run('games', 'list', '--pack', 'Nope')).stdout).toBe('No games match.\n')
  })

  it('reports validation and missing records as failures (exit 1)', async () => {
    const db = await createCatalogue()
    const failures = [
      [['games', 'add', '--pack', 'Pack A', '--title', 'Alpha', '--min', '2', '--max', '4'], 'A game with this title already exists in this pack'],
      [['games', 'add', '--pack', 'P', '--title', 'T', '--min', '5', '--max', '2'], 'min_players must not be greater than max_players'],
      [['games', 'edit', '9', '--title', 'X'], 'Game not found'],
      [['games', 'favor', '9', 'favor'], 'Game not found'],
      [['packs', 'favor', 'Nope', 'favor'], 'Pack not found'],
      [['packs', 'enable', 'Nope'], 'Pack not found'],
    ] as const
    for (const [argv, message] of failures) {
      const result = await db.run(...argv)
      expect({ argv, code: result.code, stderr: result.stderr }).toEqual({ argv, code: 1, stderr: expect.stringContaining(message) })
    }
  })

  it('prints readable tables and records', async () => {
    const db = await createCatalogue()
    await db.run('games', 'favor', '2', 'disfavor')
    expect((await db.run('games', 'list', '--pack', 'Pack A')).stdout).toBe([
      'ID  Pack    Title  Players  Min  Type     Enabled  Favor     Plays  Score',
      ' 1  Pack A  Alpha      2-6   10  Drawing  yes      -             0      0',
      ' 2  Pack A  Beta       3-8   30  -        yes      disfavor      0      0',
    ].join('\n') + '\n')
    expect((await db.run('packs', 'list')).stdout).toBe([
      'Pack    Games  Enabled  Plays  Favor',
      'Pack A      2        2      0  neutral',
      'Pack B      1        1      0  neutral',
    ].join('\n') + '\n')
    expect((await db.run('games', 'show', '3')).stdout).toMatch(/^ID: +3\nTitle: +Gamma\nPack: +Pack B\nPlayers: +4-10\n/)
    expect((await db.run('pick', '--players', '9', '--seed', 'x')).stdout).toBe('#3 Gamma (Pack B)\n  4-10 players · 20 min\n  Picked from 1 of 3 enabled games.\n')
  })
})
