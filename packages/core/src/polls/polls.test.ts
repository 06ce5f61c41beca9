// Polls in the core, on an in-memory store with a fixed clock and a seeded random source.
import { beforeEach, describe, expect, test } from 'vitest'
import type { Core } from '../core.ts'
import { createSeededRandom } from '../common/random.ts'
import { createTestCore, gameInput, type TestClock } from '../../../../test/helpers/memory-core.ts'

let core: Core
let clock: TestClock
let ids: number[]
beforeEach(async () => {
  ({ core, clock } = await createTestCore({ random: createSeededRandom('polls') }))
  ids = []
  for (const [pack, title] of [['Loved', 'Favoured in a favoured pack'], ['Plain', 'Plain'], ['Plain', 'Disfavoured']]) {
    ids.push((await core.games.create(gameInput({ pack_name: pack, title }))).id)
  }
  await core.packs.setFavor('Loved', { favor_bias: 1 })
  await core.games.setFavor(ids[0], { favor_bias: 1 })
  await core.games.setFavor(ids[2], { favor_bias: -1 })
})

describe('polls in the core', () => {
  test('a tie with no votes is drawn with the picker weights (game favor x pack favor): 9 : 1 : 1/3', async () => {
    const wins = new Map<string, number>()
    for (let i = 0; i < 600; i++) {
      const poll = await core.polls.open({ gameIds: ids })
      const { winner } = await core.polls.close(poll.id)
      wins.set(winner!.game.title, (wins.get(winner!.game.title) ?? 0) + 1)
    }
    const [favoured, plain, disfavoured] = ['Favoured in a favoured pack', 'Plain', 'Disfavoured'].map((title) => wins.get(title) ?? 0)
    expect(favoured / 600).toBeGreaterThan(0.82) // 9 / 10.33 = 0.87
    expect(plain / 600).toBeGreaterThan(0.06) // 1 / 10.33 = 0.097
    expect(plain / 600).toBeLessThan(0.14)
    expect(disfavoured).toBeLessThan(plain)
  })

  test('voteByUsername votes on the open poll (a connector needs no HTTP); "No open poll" without one', async () => {
    await expect(core.polls.voteByUsername('viewer', 1)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No open poll' })
    const poll = await core.polls.open({ gameIds: ids, durationSeconds: 10 })
    expect((await core.polls.voteByUsername('viewer', 3)).candidates.map((c) => c.votes)).toEqual([0, 0, 1])
    expect((await core.polls.voteByUsername('viewer', 1)).candidates.map((c) => c.votes)).toEqual([1, 0, 0])
    await expect(core.polls.voteByUsername('viewer', 4)).rejects.toMatchObject({ message: 'choice must be an integer from 1 to 3' })
    clock.advance(10_000)
    await expect(core.polls.voteByUsername('viewer', 2)).rejects.toMatchObject({ message: 'No open poll' })
    expect(await core.polls.get(poll.id)).toMatchObject({ status: 'closed', total_votes: 1, winner: { number: 1 } })
  })

  test('votes carry their time: at closes_at or later they are refused, and the closing counts only those before', async () => {
    const poll = await core.polls.open({ gameIds: ids, durationSeconds: 60 })
    clock.advance(59_999)
    await core.polls.vote(poll.id, { choice: 2, voter: 'just-in-time' }, { address: 'a' })
    clock.advance(1)
    await expect(core.polls.vote(poll.id, { choice: 3, voter: 'one-ms-late' }, { address: 'a' })).rejects.toMatchObject({ message: 'Poll is closed' })
    const closed = await core.polls.get(poll.id)
    expect(closed).toMatchObject({ status: 'closed', closed_at: closed.closes_at, total_votes: 1, winner: { number: 2 } })
    const events = (await core.events.after(0, 100)).filter((event) => event.type.startsWith('poll.'))
    expect(events.map((event) => event.type)).toEqual(['poll.opened', 'poll.closed'])
  })

  test('publishTally sends the tally as it is, never naming a voter, and nothing for a closed poll', async () => {
    const poll = await core.polls.open({ gameIds: ids })
    await core.polls.vote(poll.id, { choice: 2, voter: 'secret-phone' }, { address: 'a' })
    await core.polls.vote(poll.id, { choice: 2, username: 'secret-name' }, { address: 'a' })
    await core.polls.publishTally(poll.id)
    await core.polls.close(poll.id)
    await core.polls.publishTally(poll.id)
    const voted = (await core.events.after(0, 100)).filter((event) => event.type === 'poll.voted')
    expect(voted).toHaveLength(1)
    expect(JSON.parse(voted[0].body).data).toEqual({
      poll_id: poll.id, candidates: [{ number: 1, votes: 0 }, { number: 2, votes: 2 }, { number: 3, votes: 0 }], total_votes: 2,
    })
    expect(voted[0].body).not.toContain('secret')
  })
})
