// What a pick accepts beyond the contract: count, audienceOverflow, packs and explain, and the
// exact refusal of every bad value.
import { beforeEach, describe, expect, test } from 'vitest'
import type { Core } from '../core.ts'
import { createSeededRandom } from '../common/random.ts'
import { createTestCore, gameInput } from '../../../../test/helpers/memory-core.ts'

let core: Core
beforeEach(async () => void ({ core } = await createTestCore()))

const ids = (games: { id: number }[]) => games.map((game) => game.id)

describe('count', () => {
  test('draws distinct games, the whole pool when it is smaller, and game is the first of them', async () => {
    for (const title of ['A', 'B', 'C', 'D', 'E']) await core.games.create(gameInput({ title }))
    const random = createSeededRandom('count')
    for (let i = 0; i < 200; i++) {
      const { game, games, poolSize } = await core.picker.pick({ count: 3 }, random)
      expect(new Set(ids(games!)).size).toBe(3)
      expect(game).toBe(games![0])
      expect(poolSize).toBe(5)
    }
    const all = await core.picker.pick({ count: 10 }, random)
    expect(ids(all.games!).sort()).toEqual([1, 2, 3, 4, 5])
    expect((await core.picker.pick({ count: 10, playerCount: 2, drawing: 'only' }).catch((e) => e)).code).toBe('NOT_FOUND')
  })

  test('the draw order follows the weights: a heavily favoured game comes first most often', async () => {
    for (const title of ['A', 'B', 'C', 'D']) await core.games.create(gameInput({ title }))
    const favoured = await core.games.create(gameInput({ pack_name: 'Loved', title: 'Favourite' }))
    await core.games.setFavor(favoured.id, { favor_bias: 1 })
    await core.packs.setFavor('Loved', { favor_bias: 1 })
    const random = createSeededRandom('order')
    const position = [0, 0, 0]
    for (let i = 0; i < 2000; i++) {
      const { games } = await core.picker.pick({ count: 3 }, random)
      const at = ids(games!).indexOf(favoured.id)
      if (at >= 0) position[at]++
    }
    // Weight 9 against four games of weight 1: first 9/13 of the time.
    expect(position[0] / 2000).toBeGreaterThan(0.65)
    expect(position[0] / 2000).toBeLessThan(0.73)
    expect(position[0]).toBeGreaterThan(position[1])
    expect(position[1]).toBeGreaterThan(position[2])
  })

  test('the same seed picks the same game with or without count', async () => {
    for (const title of ['A', 'B', 'C', 'D', 'E', 'F']) await core.games.create(gameInput({ title }))
    for (const seed of ['a', 'b', 'c', 'd']) {
      const plain = await core.picker.pick({}, createSeededRandom(seed))
      const three = await core.picker.pick({ count: 3, explain: true }, createSeededRandom(seed))
      expect(three.game.id).toBe(plain.game.id)
    }
  })
})

describe('audienceOverflow', () => {
  test('admits audience games above their maximum, never one without an audience or below its minimum', async () => {
    const audience = await core.games.create(gameInput({ title: 'Audience', min_players: 3, max_players: 8, has_audience: true }))
    await core.games.create(gameInput({ title: 'No audience', min_players: 3, max_players: 8 }))
    await core.games.create(gameInput({ title: 'Big audience game', min_players: 12, max_players: 20, has_audience: true }))
    await expect(core.picker.pick({ playerCount: 10 })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const random = createSeededRandom('overflow')
    for (let i = 0; i < 50; i++) {
      expect((await core.picker.pick({ playerCount: 10, audienceOverflow: true }, random)).game.id).toBe(audience.id)
    }
    expect((await core.picker.pick({ playerCount: 5, audienceOverflow: true, explain: true })).odds!.map((entry) => entry.title))
      .toEqual(['Audience', 'No audience'])
    await expect(core.picker.pick({ playerCount: 2, audienceOverflow: true })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  test('over the bundled catalogue the pool is exactly the games that fit or have an audience to overflow into', async () => {
    await core.importBuiltin()
    const games = await core.games.list()
    for (const playerCount of [1, 3, 9, 12, 30]) {
      const { odds } = await core.picker.pick({ playerCount, audienceOverflow: true, explain: true })
      const expected = games.filter((game) => game.min_players <= playerCount && (playerCount <= game.max_players || game.has_audience === 1))
      expect(ids(odds!).sort((a, b) => a - b), `${playerCount} players`).toEqual(ids(expected).sort((a, b) => a - b))
    }
    // At 12 the audience matters: most games stop at 8 or 10 players.
    const { poolSize } = await core.picker.pick({ playerCount: 12 })
    expect((await core.picker.pick({ playerCount: 12, audienceOverflow: true })).poolSize).toBeGreaterThan(poolSize + 30)
  })
})

describe('packs', () => {
  test('only games of the named packs; a known pack is any pack listed, by exact name', async () => {
    await core.games.create(gameInput({ pack_name: 'Pack A', title: 'A1' }))
    await core.games.create(gameInput({ pack_name: 'Pack B', title: 'B1' }))
    await core.games.create(gameInput({ pack_name: 'Pack C', title: 'C1' }))
    const { odds } = await core.picker.pick({ packs: ['Pack C', 'Pack A', 'Pack A'], explain: true })
    expect(odds!.map((entry) => entry.title)).toEqual(['A1', 'C1'])
    await expect(core.picker.pick({ packs: ['pack a'] })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'Unknown pack: pack a' })
  })

  test('an unknown pack is refused, naming the first unknown one, and changes nothing', async () => {
    await core.games.create(gameInput({ pack_name: 'Pack A', title: 'A1' }))
    const before = [await core.games.list(), await core.packs.list(), await core.packs.meta()]
    await expect(core.picker.pick({ packs: ['Pack A', 'Nope', 'Other'] })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'Unknown pack: Nope' })
    expect([await core.games.list(), await core.packs.list(), await core.packs.meta()]).toEqual(before)
  })
})

describe('shape and validation', () => {
  test('without the new fields a pick has exactly the contract keys; games and odds only when asked for', async () => {
    await core.games.create(gameInput({ title: 'Only' }))
    expect(Object.keys(await core.picker.pick({}))).toEqual(['game', 'poolSize', 'totalEnabled'])
    const none = { count: null, explain: false, audienceOverflow: false }
    expect(Object.keys(await core.picker.pick(none))).toEqual(['game', 'poolSize', 'totalEnabled'])
    expect(Object.keys(await core.picker.pick({ count: 1 }))).toEqual(['game', 'poolSize', 'totalEnabled', 'games'])
    expect(Object.keys(await core.picker.pick({ explain: true }))).toEqual(['game', 'poolSize', 'totalEnabled', 'odds'])
    expect(Object.keys(await core.picker.pick({ count: 2, explain: true }))).toEqual(['game', 'poolSize', 'totalEnabled', 'games', 'odds'])
  })

  test.each([
    ...[0, 11, -1, 2.5, '3', true, [3], {}].map((count) => [{ count }, 'count must be an integer from 1 to 10'] as const),
    ...[[], 'Pack A', [1], ['Pack A', null], null, {}].map((packs) => [{ packs }, 'packs must be a non-empty array of pack names'] as const),
    ...['yes', 1, null, 'true'].map((audienceOverflow) => [{ audienceOverflow }, 'audienceOverflow must be a boolean'] as const),
    ...['true', 0, null, {}].map((explain) => [{ explain }, 'explain must be a boolean'] as const),
  ])('%j is refused: %s', async (input, message) => {
    await core.games.create(gameInput({ title: 'Only' }))
    await expect(core.picker.pick(input)).rejects.toMatchObject({ code: 'INVALID_INPUT', message })
  })
})
