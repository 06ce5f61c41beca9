import { beforeEach, describe, expect, test } from 'vitest'
import type { Core } from '../core.ts'
import { createSeededRandom } from '../common/random.ts'
import { createTestCore, gameInput } from '../../../../test/helpers/memory-core.ts'

let core: Core
beforeEach(async () => void ({ core } = await createTestCore()))

async function drawCounts(draws: number, input: Record<string, unknown> = {}) {
  const random = createSeededRandom('weights')
  const counts = new Map<string, number>()
  for (let i = 0; i < draws; i++) {
    const { game } = await core.picker.pick(input, random)
    counts.set(game.title, (counts.get(game.title) ?? 0) + 1)
  }
  return counts
}

describe('picker', () => {
  test('a favoured game beats a disfavoured one about 9:1 over many seeded draws', async () => {
    const favoured = await core.games.create(gameInput({ title: 'Favoured' }))
    const disfavoured = await core.games.create(gameInput({ title: 'Disfavoured' }))
    await core.games.setFavor(favoured.id, { favor_bias: 1 })
    await core.games.setFavor(disfavoured.id, { favor_bias: -1 })
    const counts = await drawCounts(5000)
    const ratio = counts.get('Favoured')! / counts.get('Disfavoured')!
    expect(ratio).toBeGreaterThan(7.5)
    expect(ratio).toBeLessThan(11)
  })

  test('pack favor multiplies with game favor', async () => {
    await core.games.create(gameInput({ title: 'In favoured pack', pack_name: 'Loved' }))
    await core.games.create(gameInput({ title: 'Neutral' }))
    await core.packs.setFavor('Loved', { favor_bias: 1 })
    const counts = await drawCounts(4000)
    const ratio = counts.get('In favoured pack')! / counts.get('Neutral')!
    expect(ratio).toBeGreaterThan(2.5)
    expect(ratio).toBeLessThan(3.6)
  })

  test('the same seed gives the same pick; disabled games are never picked', async () => {
    for (const title of ['A', 'B', 'C', 'D']) await core.games.create(gameInput({ title }))
    const disabled = await core.games.create(gameInput({ title: 'Off' }))
    await core.games.toggle(disabled.id)
    const first = await core.picker.pick({}, createSeededRandom(42))
    const again = await core.picker.pick({}, createSeededRandom(42))
    expect(again.game.id).toBe(first.game.id)
    expect(first).toMatchObject({ poolSize: 4, totalEnabled: 4 })
    expect((await drawCounts(200)).has('Off')).toBe(false)
  })

  test('filters narrow the pool; an empty pool is a 404 with a suggestion', async () => {
    await core.games.create(gameInput({ title: 'Small', max_players: 4 }))
    await core.games.create(gameInput({ title: 'Big', min_players: 3 }))
    const result = await core.picker.pick({ playerCount: 2 })
    expect(result).toMatchObject({ poolSize: 1, totalEnabled: 2, game: { title: 'Small' } })
    const error = await core.picker.pick({ playerCount: 20 }).catch((e) => e)
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'No games match the current filters' })
    expect(error.details.suggestion).toEqual(expect.any(String))
    expect(error.details.recentlyPlayed).toBeUndefined()
  })

  test('a session excludes its last two played games, or all of them with excludePlayed', async () => {
    const games = []
    for (const title of ['A', 'B', 'C', 'D']) games.push(await core.games.create(gameInput({ title })))
    const session = await core.sessions.start()
    for (const game of games.slice(0, 3)) await core.sessionGames.add(session.id, { game_id: game.id })
    const recent = await drawCounts(100, { sessionId: session.id })
    expect([...recent.keys()].sort()).toEqual(['A', 'D'])
    const unplayed = await drawCounts(50, { sessionId: session.id, excludePlayed: true })
    expect([...unplayed.keys()]).toEqual(['D'])
    await core.sessionGames.add(session.id, { game_id: games[3].id })
    const error = await core.picker.pick({ sessionId: session.id, excludePlayed: true }).catch((e) => e)
    expect(error.details.recentlyPlayed.sort()).toEqual(games.map((game) => game.id))
  })

  test('skipped rows are not exclusions; an unknown session is a 404; bad input is named', async () => {
    const game = await core.games.create(gameInput({ title: 'Only' }))
    const session = await core.sessions.start()
    const row = await core.sessionGames.add(session.id, { game_id: game.id })
    await core.sessionGames.setStatus(session.id, row.id, { status: 'skipped' })
    expect((await core.picker.pick({ sessionId: session.id })).game.id).toBe(game.id)
    await expect(core.picker.pick({ sessionId: 999 })).rejects.toMatchObject({ message: 'Session not found' })
    await expect(core.picker.pick({ drawing: 'maybe' })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    await expect(core.picker.pick({ excludePlayed: 'yes' })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})
