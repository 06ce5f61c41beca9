// The odds a pick explains are the odds it draws with: a chi-square goodness-of-fit test of
// seeded draws against `explain`, over a small catalogue and over the bundled one.
import { beforeEach, describe, expect, test } from 'vitest'
import type { Core } from '../core.ts'
import type { PickOdds } from './odds.ts'
import { createSeededRandom } from '../common/random.ts'
import { createTestCore, gameInput } from '../../../../test/helpers/memory-core.ts'

let core: Core
beforeEach(async () => void ({ core } = await createTestCore()))

// Upper 0.1 % points of the chi-square distribution: a fit this bad happens once in 1000 by chance.
const CHI_SQUARE_999 = { 5: 20.515, 61: 100.888 } as const

/** Counts of each game id drawn as `game` over `draws` seeded picks. */
async function drawCounts(draws: number, input: Record<string, unknown> = {}, seed = 'odds') {
  const random = createSeededRandom(seed)
  const counts = new Map<number, number>()
  for (let i = 0; i < draws; i++) {
    const { game } = await core.picker.pick(input, random)
    counts.set(game.id, (counts.get(game.id) ?? 0) + 1)
  }
  return counts
}

function chiSquare(counts: Map<number, number>, odds: readonly Pick<PickOdds, 'id' | 'probability'>[], draws: number): number {
  return odds.reduce((sum, { id, probability }) => {
    const expected = probability * draws
    return sum + ((counts.get(id) ?? 0) - expected) ** 2 / expected
  }, 0)
}

/** Six games whose weights are 9, 3, 1 (favoured pack) and 1, 1/3, 1/9 (disfavoured pack). */
async function createFavourLadder() {
  for (const [pack, packFavor] of [['Loved', 1], ['Shunned', -1]] as const) {
    for (const [title, favor] of [['Up', 1], ['Even', 0], ['Down', -1]] as const) {
      const game = await core.games.create(gameInput({ pack_name: pack, title: `${pack} ${title}` }))
      await core.games.setFavor(game.id, { favor_bias: favor })
    }
    await core.packs.setFavor(pack, { favor_bias: packFavor })
  }
}

describe('odds', () => {
  test('seeded draws fit the explained odds (chi-square); uniform odds would not fit', async () => {
    await createFavourLadder()
    const { odds } = await core.picker.pick({ explain: true })
    expect(odds!.map((entry) => entry.weight)).toEqual([9, 3, 1, 1, 1 / 3, 1 / 9])
    const draws = 30_000
    const counts = await drawCounts(draws)
    expect(chiSquare(counts, odds!, draws)).toBeLessThan(CHI_SQUARE_999[5])
    // The test can fail: the same draws against equal odds are far outside.
    const uniform = odds!.map(({ id }) => ({ id, probability: 1 / odds!.length }))
    expect(chiSquare(counts, uniform, draws)).toBeGreaterThan(100 * CHI_SQUARE_999[5])
  })

  test('the first of several candidates follows the same odds', async () => {
    await createFavourLadder()
    const { odds } = await core.picker.pick({ explain: true })
    const random = createSeededRandom('candidates')
    const counts = new Map<number, number>()
    const draws = 20_000
    for (let i = 0; i < draws; i++) {
      const { game, games } = await core.picker.pick({ count: 3 }, random)
      expect(game).toBe(games![0])
      counts.set(game.id, (counts.get(game.id) ?? 0) + 1)
    }
    expect(chiSquare(counts, odds!, draws)).toBeLessThan(CHI_SQUARE_999[5])
  })

  test('over the bundled catalogue the odds sum to 1 within 1e-9 and the draws fit them', async () => {
    await core.importBuiltin()
    await core.packs.setFavor('The Jackbox Party Pack 3', { favor_bias: 1 })
    await core.packs.setFavor('The Jackbox Party Pack', { favor_bias: -1 })
    const games = await core.games.list()
    await core.games.setFavor(games.find((game) => game.title === 'Drawful')!.id, { favor_bias: -1 })
    await core.games.setFavor(games.find((game) => game.title === 'Quiplash 2')!.id, { favor_bias: 1 })

    const { odds, poolSize } = await core.picker.pick({ explain: true })
    expect(odds).toHaveLength(62)
    expect(poolSize).toBe(62)
    expect(Math.abs(odds!.reduce((sum, entry) => sum + entry.probability, 0) - 1)).toBeLessThan(1e-9)
    expect(odds![0]).toMatchObject({ title: 'Quiplash 2', pack_name: 'The Jackbox Party Pack 3', weight: 9 })
    expect(odds!.at(-1)).toMatchObject({ title: 'Drawful', pack_name: 'The Jackbox Party Pack', weight: 1 / 9 })
    const draws = 60_000
    expect(chiSquare(await drawCounts(draws, {}, 'bundled'), odds!, draws)).toBeLessThan(CHI_SQUARE_999[61])
  })

  test('entries are exactly id, title, pack_name, weight, probability; ties go by pack, then title', async () => {
    const zeta = await core.games.create(gameInput({ pack_name: 'Pack B', title: 'Alpha' }))
    const beta = await core.games.create(gameInput({ pack_name: 'Pack A', title: 'Beta' }))
    const alpha = await core.games.create(gameInput({ pack_name: 'Pack A', title: 'Alpha' }))
    const top = await core.games.create(gameInput({ pack_name: 'Pack C', title: 'Zed' }))
    await core.games.setFavor(top.id, { favor_bias: 1 })
    const { odds } = await core.picker.pick({ explain: true })
    expect(odds).toEqual([
      { id: top.id, title: 'Zed', pack_name: 'Pack C', weight: 3, probability: 0.5 },
      { id: alpha.id, title: 'Alpha', pack_name: 'Pack A', weight: 1, probability: 1 / 6 },
      { id: beta.id, title: 'Beta', pack_name: 'Pack A', weight: 1, probability: 1 / 6 },
      { id: zeta.id, title: 'Alpha', pack_name: 'Pack B', weight: 1, probability: 1 / 6 },
    ])
  })

  test('the odds cover exactly the pool the filters and the session leave', async () => {
    const [small, big, played] = [
      await core.games.create(gameInput({ title: 'Small', max_players: 4 })),
      await core.games.create(gameInput({ title: 'Big', min_players: 5, max_players: 10 })),
      await core.games.create(gameInput({ title: 'Played', max_players: 10 })),
    ]
    const session = await core.sessions.start()
    await core.sessionGames.add(session.id, { game_id: played.id })
    const result = await core.picker.pick({ playerCount: 6, sessionId: session.id, explain: true })
    expect(result).toMatchObject({ poolSize: 1, game: { id: big.id }, odds: [{ id: big.id, probability: 1 }] })
    expect((await core.picker.pick({ explain: true })).odds!.map((entry) => entry.id).sort()).toEqual([small.id, big.id, played.id].sort())
  })
})
