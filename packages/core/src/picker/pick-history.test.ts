// The picker's history options: leaving out what was played lately, favoring what was not
// played for a while and what chat liked. Weights in `explain` are the whole product; seeded
// draws follow them.
import { beforeEach, describe, expect, test } from 'vitest'
import type { Core } from '../core.ts'
import { createSeededRandom } from '../common/random.ts'
import { createTestCore, gameInput, type TestClock } from '../../../../test/helpers/memory-core.ts'
import type { Game } from '../common/types.ts'

let core: Core
let clock: TestClock
let fresh: Game
let lastMonth: Game
let justPlayed: Game

/** Three games: never played, played 30 days ago, played just now (clock at 2026-11-22T20:00Z). */
beforeEach(async () => {
  ;({ core, clock } = await createTestCore())
  fresh = await core.games.create(gameInput({ title: 'Never played' }))
  lastMonth = await core.games.create(gameInput({ title: 'Last month' }))
  justPlayed = await core.games.create(gameInput({ title: 'Just played' }))
  clock.set('2026-10-23T20:00:00.000Z')
  const old = await core.sessions.start()
  await core.sessionGames.add(old.id, { game_id: lastMonth.id })
  await core.sessions.close(old.id)
  clock.set('2026-11-22T20:00:00.000Z')
  const tonight = await core.sessions.start()
  await core.sessionGames.add(tonight.id, { game_id: justPlayed.id })
})

const weights = async (input: Record<string, unknown>) =>
  Object.fromEntries((await core.picker.pick({ ...input, explain: true })).odds!.map((odds) => [odds.title, odds.weight]))

async function drawCounts(draws: number, input: Record<string, unknown>) {
  const random = createSeededRandom('history')
  const counts: Record<string, number> = {}
  for (let i = 0; i < draws; i++) {
    const { game } = await core.picker.pick(input, random)
    counts[game.title] = (counts[game.title] ?? 0) + 1
  }
  return counts
}

describe('favorFresh', () => {
  test('× (1 + min(days, 60) / 30): the game just played weighs a third of one never played', async () => {
    expect(await weights({ favorFresh: true })).toEqual({ 'Never played': 3, 'Last month': 2, 'Just played': 1 })
    clock.set('2027-03-01T20:00:00.000Z') // past 60 days everything is as fresh as never played
    expect(await weights({ favorFresh: true })).toEqual({ 'Never played': 3, 'Last month': 3, 'Just played': 3 })
  })

  test('seeded draws follow the weights 3 : 2 : 1, and the odds sum to 1', async () => {
    const { odds } = await core.picker.pick({ favorFresh: true, explain: true })
    expect(odds!.reduce((total, entry) => total + entry.probability, 0)).toBeCloseTo(1, 12)
    const counts = await drawCounts(6000, { favorFresh: true })
    expect(counts['Never played'] / counts['Just played']).toBeGreaterThan(2.6)
    expect(counts['Never played'] / counts['Just played']).toBeLessThan(3.5)
    expect(counts['Last month'] / counts['Just played']).toBeGreaterThan(1.7)
    expect(counts['Last month'] / counts['Just played']).toBeLessThan(2.3)
  })
})

describe('favorPopular', () => {
  test('× (up + 1) / (down + 1), clamped to 1/3 … 3, multiplied with favor and freshness', async () => {
    let second = 0
    const vote = (username: string, type: string, ticker: string) =>
      core.votes.live({ username, vote: type, timestamp: new Date(Date.parse('2026-11-22T20:01:00.000Z') + 2000 * second++).toISOString(), ticker })
    await core.games.update(fresh.id, { ticker: 'NEW' })
    await core.games.update(lastMonth.id, { ticker: 'OLD' })
    for (const username of ['a', 'bb', 'ccc', 'dddd', 'eeeee']) await vote(username, 'up', 'NEW') // 6/1 → 3
    // Counted in tonight's session (the second) for the ticker's game, not the one playing.
    expect(await vote('a', 'down', 'OLD')) // 1/2
      .toMatchObject({ session: { id: 2, games_played: 1 }, game: { id: lastMonth.id, upvotes: 0, downvotes: 1 } })
    expect(await weights({ favorPopular: true })).toEqual({ 'Never played': 3, 'Last month': 0.5, 'Just played': 1 })
    for (const username of ['bb', 'ccc', 'dddd']) await vote(username, 'down', 'OLD') // 1/5 → 1/3
    await core.games.setFavor(fresh.id, { favor_bias: -1 })
    const both = await weights({ favorPopular: true, favorFresh: true })
    expect(both['Never played']).toBeCloseTo((1 / 3) * 3 * 3, 12)
    expect(both['Last month']).toBeCloseTo(2 / 3, 12)
    expect(both['Just played']).toBe(1)
    const counts = await drawCounts(3000, { favorPopular: true, favorFresh: true })
    expect(counts['Never played'] / counts['Just played']).toBeGreaterThan(2.5)
    expect(counts['Never played'] / counts['Just played']).toBeLessThan(3.6)
  })
})

describe('notPlayedWithinDays', () => {
  test('leaves out games played within that many days; never played ones stay', async () => {
    expect((await core.picker.pick({ notPlayedWithinDays: 1, explain: true })).odds!.map((o) => o.title)).toEqual(['Last month', 'Never played'])
    expect((await core.picker.pick({ notPlayedWithinDays: 31, explain: true })).odds!.map((o) => o.title)).toEqual(['Never played'])
    await core.games.toggle(fresh.id)
    await expect(core.picker.pick({ notPlayedWithinDays: 31 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No games match the current filters' })
  })

  test.each([
    [{ notPlayedWithinDays: 0 }, 'notPlayedWithinDays must be an integer from 1 to 3650'],
    [{ notPlayedWithinDays: 3651 }, 'notPlayedWithinDays must be an integer from 1 to 3650'],
    [{ notPlayedWithinDays: 1.5 }, 'notPlayedWithinDays must be an integer from 1 to 3650'],
    [{ notPlayedWithinDays: '7' }, 'notPlayedWithinDays must be an integer from 1 to 3650'],
    [{ favorFresh: 'yes' }, 'favorFresh must be a boolean'],
    [{ favorFresh: null }, 'favorFresh must be a boolean'],
    [{ favorPopular: 1 }, 'favorPopular must be a boolean'],
  ])('%j → 400 %s', async (input, message) => {
    await expect(core.picker.pick(input)).rejects.toMatchObject({ code: 'INVALID_INPUT', message })
  })

  test('a poll\'s pick takes the options too', async () => {
    const poll = await core.polls.open({ pick: { count: 2, notPlayedWithinDays: 1, favorFresh: true } })
    expect(poll.candidates.map((candidate) => candidate.game.title).sort()).toEqual(['Last month', 'Never played'])
  })
})
