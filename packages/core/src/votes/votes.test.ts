import { beforeEach, describe, expect, test } from 'vitest'
import type { Core } from '../core.ts'
import type { Game } from '../common/types.ts'
import { createTestCore, gameInput, type TestClock } from '../../../../test/helpers/memory-core.ts'

let core: Core
let clock: TestClock
let a: Game
let b: Game

beforeEach(async () => {
  ;({ core, clock } = await createTestCore())
  a = await core.games.create(gameInput({ title: 'A' }))
  b = await core.games.create(gameInput({ title: 'B' }))
})

const vote = (username: string, type: string, timestamp: string) =>
  core.votes.live({ username, vote: type, timestamp })

async function sessionWithTwoGames() {
  const session = await core.sessions.start()
  clock.set('2026-11-22T20:00:00.000Z')
  await core.sessionGames.add(session.id, { game_id: a.id })
  clock.set('2026-11-22T20:30:00.000Z')
  await core.sessionGames.add(session.id, { game_id: b.id })
  return session
}

describe('live votes', () => {
  test('a vote goes to the game with the latest played_at at or before its timestamp', async () => {
    await sessionWithTwoGames()
    expect((await vote('ann', 'up', '2026-11-22T20:00:00.000Z')).game.title).toBe('A')
    expect((await vote('bob', 'up', '2026-11-22T20:29:59.999Z')).game.title).toBe('A')
    const result = await vote('cat', 'down', '2026-11-22T21:30:00+01:00')
    expect(result).toMatchObject({
      success: true, message: 'Vote recorded successfully',
      game: { title: 'B', upvotes: 0, downvotes: 1, popularity_score: -1 },
      vote: { username: 'cat', type: 'down', timestamp: '2026-11-22T20:30:00.000Z' },
    })
    expect(await core.games.get(a.id)).toMatchObject({ upvotes: 2, popularity_score: 2 })
  })

  test('a vote before the first game matches nothing and reports the timeline', async () => {
    await sessionWithTwoGames()
    await expect(vote('ann', 'up', '2026-11-22T19:59:59.999Z')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Vote timestamp does not match any game in the session',
      details: {
        debug: {
          voteTimestamp: '2026-11-22T19:59:59.999Z',
          sessionGames: [
            { title: 'A', played_at: '2026-11-22T20:00:00.000Z' },
            { title: 'B', played_at: '2026-11-22T20:30:00.000Z' },
          ],
        },
      },
    })
  })

  test('the same user within 1000 ms either way is a duplicate; at 1000 ms it is not', async () => {
    await sessionWithTwoGames()
    await vote('ann', 'up', '2026-11-22T20:10:00.500Z')
    await expect(vote('ann', 'down', '2026-11-22T20:10:01.200Z')).rejects.toMatchObject({
      code: 'CONFLICT', message: 'Duplicate vote',
      details: { message: 'Please wait before voting again', timeSinceLastVote: 700 },
    })
    await expect(vote('ann', 'up', '2026-11-22T20:10:00.000Z')).rejects.toMatchObject({ details: { timeSinceLastVote: 500 } })
    await vote('bob', 'up', '2026-11-22T20:10:00.600Z')
    await vote('ann', 'up', '2026-11-22T20:10:01.500Z')
    expect((await core.games.get(a.id)).upvotes).toBe(3)
  })

  test.each([
    [{ username: 'ann', vote: 'up' }, 'Missing required fields: username, vote, timestamp'],
    [{ username: 'ann', vote: 'sideways', timestamp: '2026-11-22T20:00:00Z' }, 'vote must be either "up" or "down"'],
    [{ username: 'ann', vote: 'up', timestamp: 'yesterday-ish' }, 'Invalid timestamp format'],
  ])('%o is refused: %s', async (input, message) => {
    await sessionWithTwoGames()
    await expect(core.votes.live(input)).rejects.toMatchObject({ code: 'INVALID_INPUT', message })
  })

  test('no active session, or no games in it, is not found', async () => {
    await expect(vote('ann', 'up', '2026-11-22T20:00:00Z')).rejects.toMatchObject({ message: 'No active session' })
    await core.sessions.start()
    await expect(vote('ann', 'up', '2026-11-22T20:00:00Z')).rejects.toMatchObject({
      message: 'No games played in the active session',
    })
  })

  test('counters follow the rows: deleting a session game or a session removes its votes and plays', async () => {
    const session = await sessionWithTwoGames()
    await vote('ann', 'up', '2026-11-22T20:05:00Z')
    await vote('bob', 'down', '2026-11-22T20:35:00Z')
    const rows = await core.sessionGames.list(session.id)
    await core.sessionGames.remove(session.id, rows[1].id)
    expect(await core.games.get(b.id)).toMatchObject({ play_count: 0, downvotes: 0, popularity_score: 0 })
    expect(await core.games.get(a.id)).toMatchObject({ play_count: 1, upvotes: 1, popularity_score: 1 })
    await core.sessions.close(session.id)
    await core.sessions.remove(session.id)
    expect(await core.games.get(a.id)).toMatchObject({ play_count: 0, upvotes: 0, popularity_score: 0 })
    expect((await core.stats()).totalGamesPlayed.count).toBe(0)
  })
})
