import { beforeEach, describe, expect, test } from 'vitest'
import type { Core } from '../core.ts'
import { parseGameFilter } from './filters.ts'
import { createTestCore, gameInput } from '../../../../test/helpers/memory-core.ts'

let core: Core
beforeEach(async () => void ({ core } = await createTestCore()))

describe('games', () => {
  test('a new game gets the documented defaults and creates its pack', async () => {
    const game = await core.games.create(gameInput())
    expect(game).toMatchObject({
      enabled: 1, favor_bias: 0, has_audience: 0, family_friendly: 0, play_count: 0,
      upvotes: 0, downvotes: 0, popularity_score: 0, length_minutes: null, created_at: '2026-11-22T20:00:00.000Z',
    })
    expect((await core.packs.list()).map((pack) => pack.name)).toEqual(['Pack A'])
  })

  test.each([
    [{ title: undefined }, 'Missing required fields'],
    [{ max_players: '' }, 'Missing required fields'],
    [{ min_players: 'two' }, 'min_players must be an integer'],
    [{ min_players: 0 }, 'min_players must be at least 1'],
    [{ min_players: 5, max_players: 4 }, 'min_players must not be greater than max_players'],
    [{ length_minutes: 0 }, 'length_minutes must be at least 1'],
    [{ has_audience: 'yes' }, 'has_audience must be true or false'],
    [{ game_type: 7 }, 'game_type must be a string'],
  ])('create rejects %o with %s and stores nothing', async (overrides, message) => {
    await expect(core.games.create(gameInput(overrides))).rejects.toMatchObject({ code: 'INVALID_INPUT', message })
    expect(await core.games.list()).toEqual([])
  })

  test('a duplicate (pack, title) is a conflict, on create and on rename', async () => {
    await core.games.create(gameInput())
    const other = await core.games.create(gameInput({ title: 'Other' }))
    const duplicate = { code: 'CONFLICT', message: 'A game with this title already exists in this pack' }
    await expect(core.games.create(gameInput())).rejects.toMatchObject(duplicate)
    await expect(core.games.update(other.id, { title: 'Game' })).rejects.toMatchObject(duplicate)
  })

  test('update merges fields, checks the result as a whole and sets enabled', async () => {
    const game = await core.games.create(gameInput())
    const updated = await core.games.update(game.id, { max_players: 4, enabled: false, pack_name: 'Pack B' })
    expect(updated).toMatchObject({ max_players: 4, enabled: 0, pack_name: 'Pack B', min_players: 2 })
    await expect(core.games.update(game.id, { min_players: 5 })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    expect((await core.packs.list()).map((pack) => pack.name)).toEqual(['Pack A', 'Pack B'])
  })

  test('toggle flips enabled; favor only takes -1, 0 or 1; unknown ids are not found', async () => {
    const game = await core.games.create(gameInput())
    expect((await core.games.toggle(game.id)).enabled).toBe(0)
    expect((await core.games.toggle(game.id)).enabled).toBe(1)
    expect(await core.games.setFavor(game.id, { favor_bias: -1 })).toBe(-1)
    await expect(core.games.setFavor(game.id, { favor_bias: 2 })).rejects.toMatchObject({
      message: 'favor_bias must be 1 (favor), -1 (disfavor), or 0 (neutral)',
    })
    for (const call of [core.games.get(99), core.games.toggle(99), core.games.remove(99), core.games.update(99, {})]) {
      await expect(call).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Game not found' })
    }
  })

  test('packs: favor, toggle and meta; unknown pack is not found', async () => {
    await core.games.create(gameInput())
    await core.games.create(gameInput({ title: 'Two' }))
    expect(await core.packs.setEnabled('Pack A', { enabled: false })).toBe(2)
    expect(await core.packs.meta()).toEqual([{ name: 'Pack A', total_count: 2, enabled_count: 0, total_plays: 0 }])
    expect(await core.packs.setFavor('Pack A', { favor_bias: 1 })).toBe(1)
    await expect(core.packs.setEnabled('Pack A', {})).rejects.toMatchObject({ message: 'enabled status required' })
    await expect(core.packs.setFavor('Nope', { favor_bias: 1 })).rejects.toMatchObject({ message: 'Pack not found' })
    await expect(core.packs.setEnabled('Nope', { enabled: true })).rejects.toMatchObject({ message: 'Pack not found' })
  })

  test('filter parsing accepts query strings and names the bad parameter', () => {
    expect(parseGameFilter({ playerCount: '6', enabled: 'true' }, ['playerCount', 'enabled']))
      .toEqual({ playerCount: 6, enabled: true })
    expect(() => parseGameFilter({ playerCount: 'abc' }, ['playerCount'])).toThrow('playerCount must be an integer')
    expect(() => parseGameFilter({ drawing: 'maybe' }, ['drawing'])).toThrow('drawing must be one of: only, exclude')
    expect(() => parseGameFilter({ length: 'huge' }, ['length'])).toThrow(/^length must be one of/)
  })
})
