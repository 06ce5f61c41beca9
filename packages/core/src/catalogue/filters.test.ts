import { beforeEach, describe, expect, test } from 'vitest'
import type { Core } from '../core.ts'
import { createTestCore, gameInput } from '../../../../test/helpers/memory-core.ts'

let core: Core

beforeEach(async () => {
  ;({ core } = await createTestCore())
  const add = (title: string, fields: Record<string, unknown>) => core.games.create(gameInput({ title, ...fields }))
  await add('Len15', { length_minutes: 15, min_players: 3, max_players: 8 })
  await add('Len16', { length_minutes: 16, game_type: 'drawing' })
  await add('Len25', { length_minutes: 25, secondary_type: 'Drawing' })
  await add('Len26', { length_minutes: 26, family_friendly: true })
  await add('NoLength', { length_minutes: null, min_players: 1, max_players: 1 })
})

const titles = async (filter: Parameters<Core['games']['list']>[0]) =>
  (await core.games.list(filter)).map((game) => game.title)

describe('list filters', () => {
  test.each([
    ['short', ['Len15']],
    ['medium', ['Len16', 'Len25']],
    ['long', ['Len26']],
  ] as const)('length=%s uses the 15/16 and 25/26 boundaries and never matches a null length', async (length, expected) => {
    expect(await titles({ length })).toEqual(expected)
  })

  test('playerCount matches min_players <= n <= max_players, bounds included', async () => {
    expect(await titles({ playerCount: 3 })).toEqual(['Len15', 'Len16', 'Len25', 'Len26'])
    expect(await titles({ playerCount: 2 })).toEqual(['Len16', 'Len25', 'Len26'])
    expect(await titles({ playerCount: 8 })).toEqual(['Len15', 'Len16', 'Len25', 'Len26'])
    expect(await titles({ playerCount: 9 })).toEqual([])
    expect(await titles({ playerCount: 1 })).toEqual(['NoLength'])
  })

  test('drawing matches game_type or secondary_type case-insensitively', async () => {
    expect(await titles({ drawing: 'only' })).toEqual(['Len16', 'Len25'])
    expect(await titles({ drawing: 'exclude' })).toEqual(['Len15', 'Len26', 'NoLength'])
  })

  test('familyFriendly, enabled and pack compare exactly', async () => {
    expect(await titles({ familyFriendly: true })).toEqual(['Len26'])
    expect(await titles({ familyFriendly: false })).toHaveLength(4)
    const [first] = await core.games.list()
    await core.games.toggle(first.id)
    expect(await titles({ enabled: false })).toEqual([first.title])
    expect(await titles({ pack: 'Pack A' })).toHaveLength(5)
    expect(await titles({ pack: 'Pack' })).toEqual([])
  })

  test('games are ordered by pack then title', async () => {
    await core.games.create(gameInput({ pack_name: 'Aardvark', title: 'Zed' }))
    expect((await core.games.list())[0].title).toBe('Zed')
  })
})
