import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type FakeEcast, startFakeEcast } from '../helpers/fake-ecast.ts'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'
import { tempDir } from '../helpers/tmp-dir.ts'
import { until } from '../helpers/until.ts'

let ecast: FakeEcast
beforeEach(async () => void (ecast = await startFakeEcast()))
afterEach(() => ecast.close())

async function serverWithRoomGame(file?: string, roomCode = 'ROOM') {
  const server = await startTestServer({ file, ecastUrl: ecast.url })
  const token = await login(server.url)
  const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body })
  const game = (await api('POST', '/api/games', { pack_name: 'P', title: 'Quiplash', min_players: 3, max_players: 8 })).body
  const session = (await api('POST', '/api/sessions')).body
  const row = (await api('POST', `/api/sessions/${session.id}/games`, { game_id: game.id, room_code: roomCode })).body
  const rowPath = `/api/sessions/${session.id}/games/${row.id}`
  const readRow = async () =>
    (await call(server.url, 'GET', `/api/sessions/${session.id}/games`)).body.find((r: { id: number }) => r.id === row.id)
  return { server, api, rowPath, readRow }
}

describe('player check endpoints with a fake ecast', () => {
  let server: TestServer | undefined
  afterEach(async () => { await server?.stop(); server = undefined })

  test('start → monitoring, the count follows the lobby, lock completes it', async () => {
    const room = ecast.createRoom('ROOM')
    room.join('player', 'ann')
    room.join('player', 'bob')
    room.join('audience')
    const setup = await serverWithRoomGame()
    server = setup.server
    expect(await setup.api('POST', `${setup.rowPath}/start-player-check`))
      .toMatchObject({ status: 200, body: { message: 'Player count check started', status: 'monitoring' } })
    await until(setup.readRow, (row) => row.player_count === 2)
    room.join('player', 'cat')
    await until(setup.readRow, (row) => row.player_count === 3)
    room.lock()
    const done = await until(setup.readRow, (row) => row.player_count_check_status === 'completed')
    expect(done.player_count).toBe(3)
    // The game runs: the room is followed until it closes, and the game is played then.
    expect(ecast.openSockets('shard')).toBe(1)
    room.exit()
    expect(await until(setup.readRow, (row) => row.status === 'played')).toMatchObject({ player_count: 3, player_count_check_status: 'completed' })
    await until(async () => ecast.openSockets('shard'), (open) => open === 0)
  })

  test('stop in the middle gives stopped and closes the socket', async () => {
    ecast.createRoom('ROOM').join('player')
    const setup = await serverWithRoomGame()
    server = setup.server
    await setup.api('POST', `${setup.rowPath}/start-player-check`)
    await until(async () => ecast.openSockets('shard'), (open) => open === 1)
    expect(await setup.api('POST', `${setup.rowPath}/stop-player-check`))
      .toMatchObject({ status: 200, body: { message: 'Player count check stopped', status: 'stopped' } })
    expect((await setup.readRow()).player_count_check_status).toBe('stopped')
    await until(async () => ecast.openSockets(), (open) => open === 0)
  })

  test('a room that never exists fails', async () => {
    const setup = await serverWithRoomGame(undefined, 'NONE')
    server = setup.server
    await setup.api('POST', `${setup.rowPath}/start-player-check`)
    expect((await until(setup.readRow, (row) => row.player_count_check_status !== 'monitoring')).player_count_check_status)
      .toBe('failed')
  })

  test('a monitor still running when the server stops resumes after the restart', async () => {
    const file = join(tempDir(), 'monitor.sqlite')
    const room = ecast.createRoom('ROOM')
    room.join('player')
    const first = await serverWithRoomGame(file)
    await first.api('POST', `${first.rowPath}/start-player-check`)
    await until(first.readRow, (row) => row.player_count === 1)
    await first.server.stop()
    await until(async () => ecast.openSockets(), (open) => open === 0)
    expect((await first.readRow().catch(() => null))).toBeNull()

    server = await startTestServer({ file, ecastUrl: ecast.url })
    const rows = async () => (await call(server!.url, 'GET', first.rowPath.replace(/\/games\/\d+$/, '/games'))).body[0]
    expect((await rows()).player_count_check_status).toBe('monitoring')
    await until(async () => ecast.openSockets('shard'), (open) => open === 1)
    room.join('player')
    room.lock()
    expect(await until(rows, (row) => row.player_count_check_status === 'completed')).toMatchObject({ player_count: 2 })
  })
})
