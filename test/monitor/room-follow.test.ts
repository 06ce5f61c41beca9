// Following a room through the API against the fake room service, on both stores: the roster by
// name, live; the lock; the end; the session game's status; the events; what stops following.
import { afterEach, beforeEach, expect, test } from 'vitest'
import { connectedEvents } from '../helpers/event-client.ts'
import { type FakeEcast, startFakeEcast } from '../helpers/fake-ecast.ts'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

let ecast: FakeEcast
let server: TestServer | undefined
beforeEach(async () => void (ecast = await startFakeEcast()))
afterEach(async () => {
  await server?.stop()
  server = undefined
  await ecast.close()
})

async function followedRoom(code = 'ROOM', appTag = 'follow-test') {
  server = await startTestServer({ ecastUrl: ecast.url })
  const { url } = server
  const token = await login(url)
  const api = (method: string, path: string, body?: unknown) => call(url, method, path, { token, body })
  await api('POST', '/api/games', { pack_name: 'P', title: 'Followed', min_players: 3, max_players: 8, app_tags: [appTag] })
  const session = (await api('POST', '/api/sessions')).body
  const stream = await connectedEvents(url, '?events=room.updated,room.ended,session_game.updated')
  const added = (await api('POST', `/api/sessions/${session.id}/rooms`, { room_code: code })).body
  const rowPath = `/api/sessions/${session.id}/games/${added.id}`
  const room = async () => (await call(url, 'GET', `${rowPath}/room`)).body
  const row = async () => (await call(url, 'GET', `/api/sessions/${session.id}/games`)).body.find((r: { id: number }) => r.id === added.id)
  const roomEvents = (type: string) => stream.events.filter((event) => event.event === type).map((event) => JSON.parse(event.data).data)
  return { api, session, added, rowPath, room, row, roomEvents }
}

test('players join by name and leave, the lock starts the game, the end makes it played; events follow', async () => {
  const fake = ecast.createRoom('ROOM', { appTag: 'follow-test', maxPlayers: 6 })
  fake.join('player', 'ANN')
  const { room, row, roomEvents, added } = await followedRoom()
  expect(added.room).toMatchObject({ state: 'lobby', max_players: 6, players: [] })

  await until(room, (r) => r.players.length === 1)
  const bob = fake.join('player', 'BOB')
  fake.join('audience', 'EVE') // never a player
  expect((await until(room, (r) => r.players.length === 2)).players).toEqual([{ name: 'ANN', connected: true }, { name: 'BOB', connected: true }])
  fake.disconnect(bob)
  await until(room, (r) => r.players[1]?.connected === false)
  expect((await row()).player_count).toBe(1)
  fake.reconnect(bob)
  await until(room, (r) => r.players[1]?.connected === true)

  fake.lock()
  const locked = await until(room, (r) => r.state === 'playing')
  expect(locked).toMatchObject({ locked: true, started_at: expect.any(String), ended_at: null })
  expect(await until(row, (r) => r.player_count_check_status === 'completed')).toMatchObject({ status: 'playing', player_count: 2 })
  expect(ecast.openSockets('shard')).toBe(1) // still followed while the game runs

  fake.exit()
  expect(await until(row, (r) => r.status === 'played')).toMatchObject({ player_count: 2, player_count_check_status: 'completed' })
  expect(await room()).toMatchObject({ state: 'ended', ended_at: expect.any(String) })
  await until(async () => ecast.openSockets('shard'), (open) => open === 0)

  await until(async () => roomEvents('room.ended'), (events) => events.length === 1)
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(roomEvents('room.ended')).toEqual([{ session_game_id: added.id, room: await room() }])
  const updates = roomEvents('room.updated')
  expect(updates.length).toBeGreaterThan(0)
  // The latest state before the end was sent: locked, with both players.
  expect(updates.at(-1)).toMatchObject({ session_game_id: added.id, room: { state: 'playing', locked: true } })
  expect(updates.at(-1).room.players.map((p: { name: string }) => p.name)).toEqual(['ANN', 'BOB'])
})

test('a game the admin skipped stays skipped when its room ends', async () => {
  const fake = ecast.createRoom('SKIP', { appTag: 'follow-skip' })
  fake.join('player', 'ANN')
  const { api, room, row, rowPath } = await followedRoom('SKIP', 'follow-skip')
  await until(room, (r) => r.players.length === 1)
  await api('PATCH', `${rowPath}/status`, { status: 'skipped' })
  fake.exit()
  await until(room, (r) => r.state === 'ended')
  expect((await row()).status).toBe('skipped')
})

test('closing the session stops following: the socket closes, the room keeps its last state', async () => {
  const fake = ecast.createRoom('SHUT', { appTag: 'follow-close' })
  fake.join('player', 'ANN')
  const { api, session, room, row } = await followedRoom('SHUT', 'follow-close')
  await until(room, (r) => r.players.length === 1)
  await api('POST', `/api/sessions/${session.id}/close`)
  await until(async () => ecast.openSockets('shard'), (open) => open === 0)
  expect(await row()).toMatchObject({ status: 'played', player_count_check_status: 'stopped' })
  fake.join('player', 'BOB')
  fake.exit()
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(await room()).toMatchObject({ state: 'lobby', players: [{ name: 'ANN', connected: true }] })
})

test('start-player-check on a row with a room code follows the room the same way', async () => {
  const fake = ecast.createRoom('CHCK', { appTag: 'follow-check' })
  fake.join('player', 'ANN')
  server = await startTestServer({ ecastUrl: ecast.url })
  const token = await login(server.url)
  const api = (method: string, path: string, body?: unknown) => call(server!.url, method, path, { token, body })
  const game = (await api('POST', '/api/games', { pack_name: 'P', title: 'Checked', min_players: 3, max_players: 8 })).body
  const session = (await api('POST', '/api/sessions')).body
  const added = (await api('POST', `/api/sessions/${session.id}/games`, { game_id: game.id, room_code: 'CHCK' })).body
  const rowPath = `/api/sessions/${session.id}/games/${added.id}`
  await api('POST', `${rowPath}/start-player-check`)
  const room = async () => (await call(server!.url, 'GET', `${rowPath}/room`)).body
  expect(await until(room, (r) => r.players?.length === 1)).toMatchObject({ room_code: 'CHCK', app_tag: 'follow-check', state: 'lobby' })
  fake.lock()
  await until(room, (r) => r.state === 'playing')
  fake.exit()
  await until(room, (r) => r.state === 'ended')
  expect((await call(server.url, 'GET', `/api/sessions/${session.id}/games`)).body[0].status).toBe('played')
})

test('start-player-check again on a followed room goes on from its roster: who had dropped stays disconnected', async () => {
  const fake = ecast.createRoom('AGIN', { appTag: 'follow-again' })
  fake.join('player', 'ANN')
  const bob = fake.join('player', 'BOB')
  const { api, room, row, rowPath } = await followedRoom('AGIN', 'follow-again')
  await until(room, (r) => r.players.length === 2)
  fake.disconnect(bob)
  await until(room, (r) => r.players[1]?.connected === false)
  await api('POST', `${rowPath}/start-player-check`) // a new follower, whose welcome lists BOB again
  fake.join('player', 'CAT')
  expect((await until(room, (r) => r.players.length === 3)).players)
    .toEqual([{ name: 'ANN', connected: true }, { name: 'BOB', connected: false }, { name: 'CAT', connected: true }])
  expect(await until(row, (r) => r.player_count === 2)).toMatchObject({ player_count_check_status: 'monitoring' })
})
