import { beforeEach, describe, expect, test } from 'vitest'
import type { Core } from '../core.ts'
import { createTestCore, gameInput, type TestClock } from '../../../../test/helpers/memory-core.ts'

let core: Core
let clock: TestClock
beforeEach(async () => void ({ core, clock } = await createTestCore()))

describe('session state table', () => {
  test('start → active; a second start is refused with the active id', async () => {
    const session = await core.sessions.start({ notes: 'Friday' })
    expect(session).toMatchObject({ is_active: 1, closed_at: null, notes: 'Friday', games_played: 0 })
    await expect(core.sessions.start()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'An active session already exists. Please close it first.',
      details: { activeSessionId: session.id },
    })
    expect(await core.sessions.list()).toHaveLength(1)
  })

  test('active → closed (notes replaced, playing becomes played); closing again is refused', async () => {
    const game = await core.games.create(gameInput())
    const session = await core.sessions.start({ notes: 'old' })
    await core.sessionGames.add(session.id, { game_id: game.id })
    clock.advance(60_000)
    const closed = await core.sessions.close(session.id, { notes: 'new' })
    expect(closed).toMatchObject({ is_active: 0, notes: 'new', games_played: 1, closed_at: '2026-11-22T20:01:00.000Z' })
    expect((await core.sessionGames.list(session.id))[0].status).toBe('played')
    await expect(core.sessions.close(session.id)).rejects.toMatchObject({ message: 'Session is already closed' })
    expect(await core.sessions.active()).toBeNull()
  })

  test('an active session cannot be deleted; a closed one can, with everything in it', async () => {
    const game = await core.games.create(gameInput())
    const session = await core.sessions.start()
    await core.sessionGames.add(session.id, { game_id: game.id })
    await expect(core.sessions.remove(session.id)).rejects.toMatchObject({
      message: 'Cannot delete an active session. Please close it first.',
    })
    await core.sessions.close(session.id)
    await core.sessions.remove(session.id)
    await expect(core.sessions.get(session.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Session not found' })
    expect((await core.games.get(game.id)).play_count).toBe(0)
  })

  test('closed sessions take no games; sessions list newest first', async () => {
    const game = await core.games.create(gameInput())
    const first = await core.sessions.start()
    await core.sessions.close(first.id)
    clock.advance(1000)
    const second = await core.sessions.start()
    await expect(core.sessionGames.add(first.id, { game_id: game.id })).rejects.toMatchObject({
      message: 'Cannot add games to a closed session',
    })
    expect((await core.sessions.list()).map((s) => s.id)).toEqual([second.id, first.id])
  })
})

describe('session games', () => {
  test('adding a game finishes the playing one and validates its input', async () => {
    const a = await core.games.create(gameInput({ title: 'A' }))
    const b = await core.games.create(gameInput({ title: 'B' }))
    const session = await core.sessions.start()
    const first = await core.sessionGames.add(session.id, { game_id: a.id, room_code: 'ABCD' })
    clock.advance(1000)
    const second = await core.sessionGames.add(session.id, { game_id: b.id, manually_added: true })
    expect(second).toMatchObject({ status: 'playing', manually_added: 1, title: 'B', pack_name: 'Pack A' })
    expect((await core.sessionGames.list(session.id)).map((row) => [row.id, row.status]))
      .toEqual([[first.id, 'played'], [second.id, 'playing']])
    await expect(core.sessionGames.add(session.id, {})).rejects.toMatchObject({ message: 'game_id is required' })
    await expect(core.sessionGames.add(session.id, { game_id: 99 })).rejects.toMatchObject({ message: 'Game not found' })
    await expect(core.sessionGames.add(99, { game_id: a.id })).rejects.toMatchObject({ message: 'Session not found' })
    await expect(core.sessionGames.add(session.id, { game_id: a.id, room_code: 'abcd' }))
      .rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })

  test('status: playing is exclusive, skipped does not count as a play, invalid values are refused', async () => {
    const game = await core.games.create(gameInput())
    const session = await core.sessions.start()
    const first = await core.sessionGames.add(session.id, { game_id: game.id })
    const second = await core.sessionGames.add(session.id, { game_id: game.id })
    await core.sessionGames.setStatus(session.id, first.id, { status: 'playing' })
    expect((await core.sessionGames.list(session.id)).map((row) => row.status)).toEqual(['playing', 'played'])
    await core.sessionGames.setStatus(session.id, second.id, { status: 'skipped' })
    expect((await core.games.get(game.id)).play_count).toBe(1)
    await expect(core.sessionGames.setStatus(session.id, first.id, { status: 'done' })).rejects.toMatchObject({
      message: 'Invalid status. Must be playing, played, or skipped',
    })
  })

  test('a row of another session is not found; room code and player count are validated', async () => {
    const game = await core.games.create(gameInput())
    const session = await core.sessions.start()
    const row = await core.sessionGames.add(session.id, { game_id: game.id })
    await expect(core.sessionGames.remove(session.id + 1, row.id)).rejects.toMatchObject({ message: 'Session game not found' })
    await expect(core.sessionGames.startPlayerCheck(session.id, row.id)).rejects.toMatchObject({
      message: 'Game does not have a room code',
    })
    expect((await core.sessionGames.setRoomCode(session.id, row.id, { room_code: 'XK2Q' })).room_code).toBe('XK2Q')
    await expect(core.sessionGames.setRoomCode(session.id, row.id, { room_code: 'XK2QQ' })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    await expect(core.sessionGames.setRoomCode(session.id, row.id, {})).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    expect(await core.sessionGames.setPlayerCount(session.id, row.id, { player_count: 0 })).toBe(0)
    await expect(core.sessionGames.setPlayerCount(session.id, row.id, { player_count: -1 })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    await expect(core.sessionGames.setPlayerCount(session.id, row.id, { player_count: 2.5 })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})
