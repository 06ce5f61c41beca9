import { beforeEach, describe, expect, test } from 'vitest'
import type { Core } from '../core.ts'
import type { RoomReport } from '../rooms/room-service.ts'
import { createTestCore, gameInput, type TestClock } from '../../../../test/helpers/memory-core.ts'
import { seatName } from './seat-names.ts'
import { createQueueEventJob } from './queue-event-job.ts'
import { createCore } from '../core.ts'
import { TEST_SECRET_KEY } from '../../../../test/helpers/secret-key.ts'

let core: Core
let clock: TestClock
let sessionId: number
beforeEach(async () => {
  ;({ core, clock } = await createTestCore())
  await core.games.create(gameInput({ title: 'Quiplash 3', max_players: 8, app_tags: ['quiplash3'] }))
  sessionId = (await core.sessions.start()).id
})

const viewer = (user: string, name = user) => ({ user, name })
const names = async (state = 'waiting') =>
  (await core.queue.get()).entries.filter((entry) => entry.state === state).map((entry) => entry.name)
const report = (players: string[], extra: Partial<RoomReport> = {}): RoomReport => ({
  state: 'lobby', appTag: 'quiplash3', maxPlayers: 8, audienceEnabled: true, locked: false, following: true,
  players: players.map((name, id) => ({ id, name, connected: true })), ...extra,
})
const followRoom = async () => (await core.rooms.follow(sessionId, { room_code: 'ABCD' }, async () => ({
  kind: 'found', room: { code: 'ABCD', host: 'local', locked: false, full: false, appTag: 'quiplash3', maxPlayers: 8, audienceEnabled: true },
}))).sessionGame.id

describe('seat names', () => {
  test('letters and digits of the display name, upper-cased, accents dropped, at most 12; else the user', () => {
    expect(seatName('Zoë la Reine', 'zoe')).toBe('ZOELAREINE')
    expect(seatName('Ångström_99 the great', 'a')).toBe('ANGSTROM99TH')
    expect(seatName('🎮🎮', 'discord:player_1')).toBe('DISCORDPLAYE')
  })
})

describe('joining', () => {
  test('a closed queue takes nobody; open, it keeps arrival order and refuses a second join', async () => {
    expect(await core.queue.join(viewer('ann'))).toEqual({ kind: 'closed' })
    await core.queue.open()
    expect(await core.queue.join(viewer('ann', 'Ann'))).toEqual({ kind: 'joined', position: 1 })
    clock.advance(1000)
    expect(await core.queue.join(viewer('bob'))).toEqual({ kind: 'joined', position: 2 })
    expect(await core.queue.join(viewer('ann'))).toEqual({ kind: 'already', position: 1 })
    expect(await names()).toEqual(['Ann', 'bob'])
    await core.queue.close()
    expect(await core.queue.join(viewer('cat'))).toEqual({ kind: 'closed' })
    expect(await core.queue.leave('ann')).toBe(true)
    expect(await core.queue.leave('ann')).toBe(false)
    expect(await names()).toEqual(['bob'])
  })

  test('200 entries fill it, by chat and by hand alike', async () => {
    await core.queue.open()
    for (let i = 0; i < 199; i++) await core.queue.join(viewer(`viewer${i}`))
    expect((await core.queue.add({ name: '  Host Friend ' })).user).toBe('host:Host Friend')
    expect(await core.queue.join(viewer('late'))).toEqual({ kind: 'full' })
    await expect(core.queue.add({ name: 'Another' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'The queue is full' })
  })

  test('bad input is refused with the exact message and changes nothing', async () => {
    await expect(core.queue.open({ host_players: 9 })).rejects.toMatchObject({ message: 'host_players must be an integer from 0 to 8' })
    await expect(core.queue.add({ name: '   ' })).rejects.toMatchObject({ message: 'name must be 1 to 25 characters' })
    await expect(core.queue.add({ name: 'x'.repeat(26) })).rejects.toMatchObject({ message: 'name must be 1 to 25 characters' })
    await expect(core.queue.seat({ count: 0 })).rejects.toMatchObject({ message: 'count must be an integer from 1 to 16' })
    await expect(core.queue.seat({})).rejects.toMatchObject({ message: 'count is required when no game is playing' })
    await core.queue.add({ name: 'Ann' })
    await expect(core.queue.add({ name: 'Ann' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'Already in the queue' })
    await expect(core.queue.remove(999)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Queue entry not found' })
    expect(await core.queue.get()).toMatchObject({ open: false, host_players: 1, entries: [{ name: 'Ann' }] })
  })

  test('no active session: 404, and the next session starts closed and empty', async () => {
    await core.queue.open({ host_players: 2 })
    await core.queue.add({ name: 'Ann' })
    await core.sessions.close(sessionId)
    await expect(core.queue.get()).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No active session' })
    const next = await core.sessions.start()
    expect(await core.queue.get()).toEqual({ session_id: next.id, open: false, host_players: 1, entries: [], unseated: [] })
  })
})

describe('seating, the room check and settling', () => {
  test('seats the fair first ones, checks them against the roster, marks no-shows at the lock, and settles at the next game', async () => {
    await core.queue.open({ host_players: 1 })
    for (const name of ['Ann', 'Bob', 'Zoë', 'Dan', 'Eve']) {
      await core.queue.join(viewer(name.toLowerCase(), name))
      clock.advance(1000)
    }
    const gameId = await followRoom()
    const seated = await core.queue.seat({ count: 4 })
    expect(seated.entries.map((entry) => [entry.name, entry.state, entry.position, entry.session_game_id])).toEqual([
      ['Eve', 'waiting', 1, null], ['Ann', 'seated', null, gameId], ['Bob', 'seated', null, gameId],
      ['Zoë', 'seated', null, gameId], ['Dan', 'seated', null, gameId],
    ])
    await core.rooms.record(gameId, report(['ann', 'ZOE', 'Stranger', 'bob']))
    expect((await core.queue.get()).unseated).toEqual(['Stranger'])
    await core.rooms.record(gameId, report(['ann', 'ZOE', 'Stranger', 'bob'], { state: 'playing', locked: true }))
    const locked = await core.queue.get()
    expect(Object.fromEntries(locked.entries.map((entry) => [entry.name, entry.state])))
      .toEqual({ Eve: 'waiting', Ann: 'joined', Bob: 'joined', Zoë: 'joined', Dan: 'no_show' })

    clock.advance(60_000)
    await core.sessionGames.add(sessionId, { game_id: (await core.games.list())[0].id })
    const settled = await core.queue.get()
    // Eve has played nothing tonight: first; the three who played follow; Dan never came and left.
    expect(settled.entries.map((entry) => [entry.name, entry.games_played, entry.position])).toEqual([
      ['Eve', 0, 1], ['Ann', 1, 2], ['Bob', 1, 3], ['Zoë', 1, 4],
    ])
    expect(settled.unseated).toEqual([])
  })

  test('without a count, the game\'s max players less the host\'s; seated before any game, for the next one', async () => {
    await core.queue.open({ host_players: 2 })
    for (let i = 0; i < 10; i++) await core.queue.add({ name: `Viewer ${i}` })
    await core.queue.seat({ count: 1 })
    expect((await core.queue.get()).entries.find((entry) => entry.state === 'seated')).toMatchObject({ name: 'Viewer 0', session_game_id: null })
    const gameId = await followRoom()
    expect((await core.queue.get()).entries.find((entry) => entry.state === 'seated')).toMatchObject({ session_game_id: gameId })
    const queue = await core.queue.seat()
    expect(queue.entries.filter((entry) => entry.state === 'seated')).toHaveLength(1 + 8 - 2)
  })

  test('a deleted game sends its seats back in line without a game played', async () => {
    await core.queue.open()
    await core.queue.add({ name: 'Ann' })
    const gameId = await followRoom()
    await core.queue.seat({ count: 1 })
    await core.sessionGames.remove(sessionId, gameId)
    expect((await core.queue.get()).entries).toMatchObject([{ name: 'Ann', state: 'waiting', games_played: 0, position: 1 }])
  })
})

describe('queue.updated', () => {
  const queueEvents = async () => (await core.events.after(0, 1000)).filter((event) => event.type === 'queue.updated')
    .map((event) => JSON.parse(event.body).data.queue.entries.map((entry: { name: string }) => entry.name))

  test('at most one a second, the latest state always sent', async () => {
    await core.queue.open()
    await core.queue.add({ name: 'Ann' })
    await core.queue.add({ name: 'Bob' })
    expect(await queueEvents()).toEqual([[]])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await queueEvents()).toEqual([[]]) // the clock has not moved: still within the second
    clock.advance(1000)
    core.queue.sendPendingEvent()
    await expect.poll(queueEvents).toEqual([[], ['Ann', 'Bob']])
    clock.advance(1000)
    await core.queue.add({ name: 'Cat' })
    expect(await queueEvents()).toEqual([[], ['Ann', 'Bob'], ['Ann', 'Bob', 'Cat']])
  })

  test('an event a process left pending when it ended (a CLI command) is sent by a server\'s look', async () => {
    await core.queue.open()
    await core.queue.add({ name: 'Ann' }) // within the second of the open's event: pending
    await core.queue.stopSending()
    const server = createCore({ store: core.store, now: clock.now, secretKey: TEST_SECRET_KEY })
    clock.advance(1000)
    const job = createQueueEventJob(server, { log: () => {} })
    await job.start()
    await expect.poll(queueEvents).toEqual([[], ['Ann']])
    await job.stop()
  })
})
