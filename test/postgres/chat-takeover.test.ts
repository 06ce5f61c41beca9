// Two real `game-picker serve` processes on one PostgreSQL database reading Twitch chat (a local
// fake): exactly one reads the channel; after kill -9 of that one, the other takes over within
// 30 s, and a message the dead one counted is not counted again when it comes once more.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { assertCliBuilt, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'
import { startFakeTwitch } from '../helpers/fake-twitch.ts'
import { call, login } from '../helpers/server.ts'

const temp = createTempDir()
const running: RunningServe[] = []
beforeAll(assertCliBuilt)
afterAll(async () => {
  await Promise.all(running.map((serve) => serve.stop('SIGKILL').catch(() => {})))
  temp.remove()
})

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  for (const end = Date.now() + timeoutMs; ;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > end) throw new Error(`condition not reached in ${timeoutMs} ms; last value ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

test('kill -9 of the reading server: the other reads the channel within 30 s and counts nothing twice', { timeout: 90_000 }, async () => {
  const twitch = await startFakeTwitch()
  const options = { cwd: temp.path, env: { GAME_PICKER_DB: 'chat.sqlite', ADMIN_KEY: 'k', TWITCH_CHAT_URL: twitch.url, ECAST_URL: 'http://127.0.0.1:9' } }
  try {
    // A starts first and takes the channel; B starts once A reads it.
    const a = await startServe([], options)
    running.push(a)
    const tokenA = await login(a.url, 'k')
    const game = (await call(a.url, 'POST', '/api/games', { token: tokenA, body: { pack_name: 'P', title: 'Quiplash', min_players: 3, max_players: 8 } })).body
    const session = (await call(a.url, 'POST', '/api/sessions', { token: tokenA })).body
    await call(a.url, 'POST', `/api/sessions/${session.id}/games`, { token: tokenA, body: { game_id: game.id } })
    expect((await call(a.url, 'POST', '/api/chat/twitch', { token: tokenA, body: { channel: 'crash_channel' } })).status).toBe(201)
    await until(() => twitch.readers('crash_channel'), (n) => n === 1, 10_000)
    const b = await startServe([], options)
    running.push(b)
    const status = async () => (await call(b.url, 'GET', '/api/chat/twitch')).body
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(twitch.readers('crash_channel')).toBe(1)

    const counted = twitch.say('crash_channel', { login: 'ann', text: 'thisgame++', sentAt: Date.now() })
    await until(status, (s) => s.counts.up === 1, 10_000)

    await a.stop('SIGKILL')
    await until(() => twitch.readers('crash_channel'), (n) => n === 0, 5000)
    // A's lease (20 s) runs out and B's next check (every 5 s) takes the channel.
    await until(() => twitch.readers('crash_channel'), (n) => n === 1, 30_000)
    await until(status, (s) => s.state === 'connected', 5000)

    // The message A counted comes again (same id), and a new one: only the new one counts.
    twitch.say('crash_channel', { login: 'ann', text: 'thisgame++', sentAt: Date.now() + 5000, id: counted })
    twitch.say('crash_channel', { login: 'bob', text: 'thisgame--', sentAt: Date.now() })
    expect((await until(status, (s) => s.counts.down === 1, 10_000)).counts).toEqual({ up: 1, down: 1, poll: 0, ignored: 0 })
    const votes = (await call(b.url, 'GET', '/api/games')).body.find((g: { id: number }) => g.id === game.id)
    expect(votes).toMatchObject({ upvotes: 1, downvotes: 1 })
    // The dead holder's connection was announced as ended when B took the channel.
    expect(b.output().stderr).not.toContain('Unexpected error')
  } finally {
    await twitch.close()
  }
})
