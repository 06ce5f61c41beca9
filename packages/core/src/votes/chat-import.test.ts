import { beforeEach, describe, expect, test } from 'vitest'
import type { Core } from '../core.ts'
import type { Game, Session } from '../common/types.ts'
import { createTestCore, gameInput, type TestClock } from '../../../../test/helpers/memory-core.ts'

let core: Core
let clock: TestClock
let a: Game
let b: Game
let session: Session

beforeEach(async () => {
  ;({ core, clock } = await createTestCore())
  a = await core.games.create(gameInput({ title: 'A' }))
  b = await core.games.create(gameInput({ title: 'B' }))
  session = await core.sessions.start()
  clock.set('2026-11-22T20:00:00.000Z')
  await core.sessionGames.add(session.id, { game_id: a.id })
  clock.set('2026-11-22T20:30:00.000Z')
  await core.sessionGames.add(session.id, { game_id: b.id })
})

const message = (username: string, text: string, timestamp: string) => ({ username, message: text, timestamp })
const log = [
  message('ann', 'hello', '2026-11-22T20:01:00Z'),
  message('ann', 'ThisGame++ love it', '2026-11-22T20:02:00Z'),
  message('bob', 'thisgame--', '2026-11-22T20:31:00Z'),
  message('bob', 'thisgame++', '2026-11-22T20:31:00.400Z'),
  message('cat', 'thisgame++ thisgame--', '2026-11-22T20:32:00Z'),
  message('dan', 'thisgame++', '2026-11-22T19:00:00Z'),
]

describe('chat import', () => {
  test('recognises votes, matches them by time, applies the 1 s rule and reports per game', async () => {
    const result = await core.importChat(session.id, { chatData: log })
    expect(result).toEqual({
      message: 'Chat log imported successfully',
      messagesImported: 6,
      duplicatesSkipped: 0,
      votesProcessed: 2,
      votesByGame: {
        [a.id]: { title: 'A', upvotes: 1, downvotes: 0 },
        [b.id]: { title: 'B', upvotes: 0, downvotes: 1 },
      },
      debug: {
        totalMessages: 6, voteMessages: 4, unmatchedVotes: 1,
        sessionGamesTimeline: [
          { title: 'A', played_at: '2026-11-22T20:00:00.000Z' },
          { title: 'B', played_at: '2026-11-22T20:30:00.000Z' },
        ],
      },
    })
    expect(await core.games.get(b.id)).toMatchObject({ downvotes: 1, popularity_score: -1 })
  })

  test('importing the same log twice changes nothing the second time', async () => {
    await core.importChat(session.id, { chatData: log })
    const before = await core.games.list()
    const again = await core.importChat(session.id, { chatData: log })
    expect(again).toMatchObject({ messagesImported: 0, duplicatesSkipped: 6, votesProcessed: 0, votesByGame: {} })
    expect(await core.games.list()).toEqual(before)
  })

  test('a live vote already stored counts for the 1 s rule', async () => {
    await core.votes.live({ username: 'eve', vote: 'up', timestamp: '2026-11-22T20:05:00.000Z' })
    const result = await core.importChat(session.id, { chatData: [message('eve', 'thisgame++', '2026-11-22T20:05:00.300Z')] })
    expect(result.votesProcessed).toBe(0)
    expect((await core.games.get(a.id)).upvotes).toBe(1)
  })

  test.each([
    [{}, 'chatData must be an array'],
    [{ chatData: 'nope' }, 'chatData must be an array'],
    [{ chatData: [...log, { username: 'x', message: 'y' }] }, 'chatData[6]: timestamp must be a string'],
    [{ chatData: [{ username: 'x', message: 'y', timestamp: 'not a date' }] }, 'chatData[0]: timestamp is not a valid date'],
  ])('invalid input %# is refused whole: %s', async (input, error) => {
    await expect(core.importChat(session.id, input)).rejects.toMatchObject({ code: 'INVALID_INPUT', message: error })
    const exported = JSON.parse((await core.exportSession(session.id, 'json')).body)
    expect(exported.chat_messages).toEqual([])
  })

  test('an unknown session is not found; a session without games is refused', async () => {
    await expect(core.importChat(99, { chatData: [] })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await core.sessions.close(session.id)
    const empty = await core.sessions.start()
    await expect(core.importChat(empty.id, { chatData: log })).rejects.toMatchObject({
      code: 'INVALID_INPUT', message: 'No games played in this session to match votes against',
    })
  })
})
