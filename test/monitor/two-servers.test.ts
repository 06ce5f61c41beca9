// Two API servers sharing one database (on sqlite two cores over one Store, each with its own
// instance id; on PostgreSQL two stores of their own): a monitored room is watched by exactly
// one of them, a stop on either ends it, and when the watching server goes away the other
// takes the room over.
import type { Store } from '@game-picker/core'
import { startServer } from '@game-picker/http'
import { afterEach, expect, test } from 'vitest'
import { type FakeEcast, startFakeEcast } from '../helpers/fake-ecast.ts'
import { ADMIN_KEY, call, createTestCore, login, openSharedStores } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

let ecast: FakeEcast | undefined
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  await ecast?.close()
})

async function twoServersOnOneStore() {
  ecast = await startFakeEcast()
  const stores = await openSharedStores(2)
  const start = async (instanceId: string, store: Store) => {
    const core = createTestCore(store, { ecastUrl: ecast!.url }, { instanceId })
    const server = await startServer({ core, adminKey: ADMIN_KEY, port: 0, monitorSyncMs: 100, log: () => {} })
    let closed = false
    const close = async () => { if (!closed) { closed = true; await server.close() } }
    cleanups.push(close)
    return { url: server.url, token: await login(server.url), close }
  }
  return { a: await start('server-a', stores[0]), b: await start('server-b', stores[1]) }
}

test('a room is watched by one server; a stop on the other ends it; a server going away hands it over', async () => {
  const { a, b } = await twoServersOnOneStore()
  const room = ecast!.createRoom('ROOM')
  room.join('player', 'ann')
  const game = (await call(a.url, 'POST', '/api/games', { token: a.token, body: { pack_name: 'P', title: 'Quiplash', min_players: 3, max_players: 8 } })).body
  const session = (await call(a.url, 'POST', '/api/sessions', { token: a.token })).body
  const row = (await call(b.url, 'POST', `/api/sessions/${session.id}/games`, { token: b.token, body: { game_id: game.id, room_code: 'ROOM' } })).body
  const rowPath = `/api/sessions/${session.id}/games/${row.id}`
  const readRow = async () => (await call(b.url, 'GET', `/api/sessions/${session.id}/games`)).body[0]

  expect((await call(a.url, 'POST', `${rowPath}/start-player-check`, { token: a.token })).status).toBe(200)
  await until(readRow, (r) => r.player_count === 1)
  await new Promise((resolve) => setTimeout(resolve, 400)) // several sync rounds of both servers
  expect(ecast!.openSockets('shard')).toBe(1)

  // Stopped through B: A, which watched the room, lets go at its next sync.
  expect((await call(b.url, 'POST', `${rowPath}/stop-player-check`, { token: b.token })).body.status).toBe('stopped')
  await until(() => ecast!.openSockets('shard'), (open) => open === 0)
  expect((await readRow()).player_count_check_status).toBe('stopped')

  // Started again through A; A goes away, and B takes the room over and finishes the check.
  await call(a.url, 'POST', `${rowPath}/start-player-check`, { token: a.token })
  await until(() => ecast!.openSockets('shard'), (open) => open === 1)
  await a.close()
  await until(() => ecast!.openSockets('shard'), (open) => open === 1)
  room.join('player', 'bob')
  await until(readRow, (r) => r.player_count === 2)
  room.lock()
  expect(await until(readRow, (r) => r.player_count_check_status === 'completed')).toMatchObject({ player_count: 2 })
})

test('the server taking a room over goes on from the stored roster: who had dropped stays disconnected and uncounted', async () => {
  const { a, b } = await twoServersOnOneStore()
  const room = ecast!.createRoom('DROP', { appTag: 'roster-takeover' })
  room.join('player', 'ANN')
  const bob = room.join('player', 'BOB')
  await call(a.url, 'POST', '/api/games', { token: a.token, body: { pack_name: 'P', title: 'Followed', min_players: 3, max_players: 8, app_tags: ['roster-takeover'] } })
  const session = (await call(a.url, 'POST', '/api/sessions', { token: a.token })).body
  const row = (await call(a.url, 'POST', `/api/sessions/${session.id}/rooms`, { token: a.token, body: { room_code: 'DROP' } })).body
  const readRoom = async () => (await call(b.url, 'GET', `/api/sessions/${session.id}/games/${row.id}/room`)).body
  const readRow = async () => (await call(b.url, 'GET', `/api/sessions/${session.id}/games`)).body[0]

  await until(readRoom, (r) => r.players.length === 2)
  room.disconnect(bob) // ecast keeps BOB in `here`: the slot is reserved
  await until(readRoom, (r) => r.players[1]?.connected === false)
  expect((await readRow()).player_count).toBe(1)

  // A goes away; B takes the room, and its welcome lists BOB again.
  await a.close()
  await until(() => ecast!.openSockets('shard'), (open) => open === 1)
  room.join('player', 'CAT') // seen by B only: B's roster is the one stored
  const taken = await until(readRoom, (r) => r.players.length === 3)
  expect(taken.players).toEqual([{ name: 'ANN', connected: true }, { name: 'BOB', connected: false }, { name: 'CAT', connected: true }])
  expect((await readRow()).player_count).toBe(2)

  room.reconnect(bob)
  await until(readRoom, (r) => r.players[1]?.connected === true)
  room.lock()
  expect(await until(readRow, (r) => r.player_count_check_status === 'completed')).toMatchObject({ player_count: 3 })
})
