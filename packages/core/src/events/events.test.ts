// The event log: what each use case records, in order, in the transaction of its change.
import { beforeEach, describe, expect, test } from 'vitest'
import type { Core } from '../core.ts'
import { EVENT_RETENTION } from '../store/retention.ts'
import { createTestCore, gameInput, type TestClock } from '../../../../test/helpers/memory-core.ts'

let core: Core
let clock: TestClock
beforeEach(async () => void ({ core, clock } = await createTestCore()))

const logged = async (afterId = 0) =>
  (await core.events.after(afterId, 1000)).map((event) => ({ id: event.id, ...JSON.parse(event.body) }))

describe('event log', () => {
  test('records each event with the webhook wire body, in order, with increasing ids', async () => {
    const game = await core.games.create(gameInput())
    const session = await core.sessions.start()
    const first = await core.sessionGames.add(session.id, { game_id: game.id, room_code: 'ABCD' })
    clock.advance(1000)
    const second = await core.sessionGames.add(session.id, { game_id: game.id })
    await core.votes.live({ username: 'sam', vote: 'up', timestamp: clock.now().toISOString() })
    await core.sessions.close(session.id)

    const events = await logged()
    expect(events.map((event) => event.event)).toEqual([
      'session.started', 'game.added',
      'session_game.updated', 'game.added', // the first game went playing → played
      'vote.received',
      'session_game.updated', 'session.ended', // closing finished the second game
    ])
    expect(events.map((event) => event.id)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(Object.keys(events[0])).toEqual(['id', 'event', 'timestamp', 'data'])
    expect(events[1].data).toMatchObject({ session: { id: session.id, games_played: 1 }, game: { id: game.id } })
    expect(events[2].data.session_game).toMatchObject({ id: first.id, status: 'played', room_code: 'ABCD' })
    expect(events[3].data.session).toMatchObject({ games_played: 2 })
    expect(events[4].data.vote).toEqual({ username: 'sam', type: 'up', timestamp: clock.now().toISOString() })
    expect(events[5].data.session_game).toMatchObject({ id: second.id, status: 'played' })
    expect(await core.events.lastId()).toBe(7)
    expect((await logged(5)).map((event) => event.id)).toEqual([6, 7])
  })

  test('session_game.updated follows status, room code, player count and check status, and only real changes', async () => {
    const game = await core.games.create(gameInput())
    const session = await core.sessions.start()
    const row = await core.sessionGames.add(session.id, { game_id: game.id })
    const before = await core.events.lastId()

    await core.sessionGames.setRoomCode(session.id, row.id, { room_code: 'WXYZ' })
    await core.sessionGames.setRoomCode(session.id, row.id, { room_code: 'WXYZ' }) // no change
    await core.sessionGames.setPlayerCount(session.id, row.id, { player_count: 6 })
    await core.sessionGames.setStatus(session.id, row.id, { status: 'skipped' })
    await core.sessionGames.startPlayerCheck(session.id, row.id)
    await core.sessionGames.recordPlayerCheck(row.id, { status: 'completed', playerCount: 7 })

    const updates = (await logged(before)).map((event) => event.data.session_game)
    expect(updates.map((sg) => [sg.room_code, sg.player_count, sg.status, sg.player_count_check_status])).toEqual([
      ['WXYZ', null, 'playing', null],
      ['WXYZ', 6, 'playing', null],
      ['WXYZ', 6, 'skipped', null],
      ['WXYZ', 6, 'skipped', 'monitoring'],
      ['WXYZ', 7, 'skipped', 'completed'],
    ])
  })

  test('a change that fails records no event and wakes nobody', async () => {
    let wakes = 0
    core.onChange('events', () => void (wakes += 1))
    await core.sessions.start()
    await expect(core.sessions.start()).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    expect((await logged()).map((event) => event.event)).toEqual(['session.started'])
    expect(wakes).toBe(1)
  })

  test('webhooks may subscribe to session_game.updated', async () => {
    const webhook = await core.webhooks.create({ name: 'overlay', url: 'http://127.0.0.1:9/h', secret: 's', events: ['session_game.updated'] })
    const session = await core.sessions.start()
    const row = await core.sessionGames.add(session.id, { game_id: (await core.games.create(gameInput())).id })
    await core.sessionGames.setPlayerCount(session.id, row.id, { player_count: 3 })
    const [delivery] = await core.deliveries.claimDue('2100-01-01T00:00:00.000Z', 10)
    expect(delivery).toMatchObject({ webhook: { id: webhook.id }, eventType: 'session_game.updated', payload: { session_game: { player_count: 3 } } })
  })

  test('pruning keeps 24 hours and at least the newest 10,000, and remembers how far it went', async () => {
    const game = await core.games.create(gameInput())
    const session = await core.sessions.start()
    const row = await core.sessionGames.add(session.id, { game_id: game.id })
    for (let count = 1; count <= 5; count++) await core.sessionGames.setPlayerCount(session.id, row.id, { player_count: count })
    clock.advance(EVENT_RETENTION.ms + 1)
    await core.sessionGames.setPlayerCount(session.id, row.id, { player_count: 99 })
    const newest = await core.events.lastId()

    expect(await core.retention.prune()).toMatchObject({ events: 0 }) // old, but within the newest 10,000
    expect(await core.events.prunedThrough()).toBe(0)
    await core.store.transaction((tx) => tx.pruneEvents(clock.now().toISOString(), 2, 1000))
    expect((await core.events.after(0, 100)).map((event) => event.id)).toEqual([newest - 1, newest])
    expect(await core.events.prunedThrough()).toBe(newest - 2)
    expect(await core.events.lastId()).toBe(newest)
  })
})
