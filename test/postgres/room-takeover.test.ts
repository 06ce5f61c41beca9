// Two real `game-picker serve` processes on one PostgreSQL database following a Jackbox room (the
// local fake): exactly one holds the room's socket; after kill -9 of that one, the other follows
// the room within 30 s, the roster goes on, and the room's end is announced once.
import { expect, test } from 'vitest'
import { startFakeEcast } from '../helpers/fake-ecast.ts'
import { useKillableServes } from '../helpers/killable-serves.ts'
import { call, login } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

const serves = useKillableServes()

test('kill -9 of the following server: the other follows the room within 30 s', { timeout: 90_000 }, async () => {
  const ecast = await startFakeEcast()
  const options = { cwd: serves.dir, env: { GAME_PICKER_DB: 'rooms.sqlite', ADMIN_KEY: 'k', ECAST_URL: ecast.url, TWITCH_CHAT_URL: 'ws://127.0.0.1:9' } }
  try {
    const room = ecast.createRoom('KILL', { appTag: 'takeover-test' })
    room.join('player', 'ANN')
    const a = await serves.start(options)
    const token = await login(a.url, 'k')
    await call(a.url, 'POST', '/api/games', { token, body: { pack_name: 'P', title: 'Followed', min_players: 3, max_players: 8, app_tags: ['takeover-test'] } })
    const session = (await call(a.url, 'POST', '/api/sessions', { token })).body
    const row = (await call(a.url, 'POST', `/api/sessions/${session.id}/rooms`, { token, body: { room_code: 'KILL' } })).body
    const b = await serves.start(options)
    const roomOnB = async () => (await call(b.url, 'GET', `/api/sessions/${session.id}/games/${row.id}/room`)).body
    await until(roomOnB, (r) => r.players.length === 1, 10_000)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(ecast.openSockets('shard')).toBe(1)

    await a.stop('SIGKILL')
    await until(() => ecast.openSockets('shard'), (n) => n === 0, 5000)
    const killedAt = Date.now()
    // A's lease (20 s) runs out and B's next sync (every 5 s) takes the room.
    await until(() => ecast.openSockets('shard'), (n) => n === 1, 30_000)
    expect(Date.now() - killedAt).toBeLessThan(30_000)
    room.join('player', 'BOB')
    expect((await until(roomOnB, (r) => r.players.length === 2, 10_000)).players.map((p: { name: string }) => p.name)).toEqual(['ANN', 'BOB'])
    room.exit()
    await until(roomOnB, (r) => r.state === 'ended', 10_000)
    const rows = (await call(b.url, 'GET', `/api/sessions/${session.id}/games`)).body
    expect(rows[0]).toMatchObject({ status: 'played', player_count: 2 })
  } finally {
    await ecast.close()
  }
})
