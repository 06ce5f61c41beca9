// Two real `game-picker serve` processes on one PostgreSQL database running the Discord bot
// against a local fake Discord: exactly one holds the Gateway connection; after kill -9 of that
// one, the other takes the bot over within 30 s, keeps editing the same poll message, and an
// interaction the dead one answered is not counted again when Discord delivers it once more.
// The bot token shows in neither server's output.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { assertCliBuilt, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'
import { startFakeDiscord } from '../helpers/fake-discord.ts'
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

test('kill -9 of the server holding the bot: the other takes it over within 30 s, same poll message, nothing counted twice', { timeout: 120_000 }, async () => {
  const discord = await startFakeDiscord({ token: 'takeover-bot-token-value' })
  const options = { cwd: temp.path, env: { GAME_PICKER_DB: 'discord.sqlite', ADMIN_KEY: 'k', DISCORD_API_URL: discord.apiUrl, ECAST_URL: 'http://127.0.0.1:9' } }
  try {
    const a = await startServe([], options)
    running.push(a)
    const token = await login(a.url, 'k')
    const api = (url: string, method: string, path: string, body?: unknown) => call(url, method, path, { token, body })
    const games = []
    for (const title of ['Quiplash', 'Fibbage', 'Drawful']) games.push((await api(a.url, 'POST', '/api/games', { pack_name: 'P', title, min_players: 3, max_players: 8 })).body)
    expect((await api(a.url, 'POST', '/api/chat/discord', { channel_id: discord.channelId, bot_token: discord.token })).status).toBe(201)
    await until(() => discord.connections(), (n) => n === 1, 15_000)
    const b = await startServe([], options)
    running.push(b)
    const status = async () => (await call(b.url, 'GET', '/api/chat/discord')).body
    await until(status, (s) => s.state === 'connected', 15_000)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(discord.connections()).toBe(1)

    const poll = (await api(b.url, 'POST', '/api/polls', { gameIds: games.map((game) => game.id) })).body
    const message = await discord.waitFor(() => [...discord.messages.values()].find((entry) => entry.components.length > 0))
    const ann = discord.user('ann')
    expect(await discord.press(ann, message.id, `poll:${poll.id}:1`)).toMatchObject({ data: { content: 'Your vote: Quiplash' } })
    await until(status, (s) => s.counts.poll === 1, 10_000)

    await a.stop('SIGKILL')
    // A's lease (20 s) runs out and B's next check (every 5 s) takes the bot over.
    await until(() => discord.identifies.length, (n) => n === 2, 30_000)
    await until(status, (s) => s.state === 'connected', 10_000)
    expect(discord.connections()).toBe(1)

    // The press A answered comes again (Discord may deliver an event twice): not counted again.
    discord.redeliverLast('INTERACTION_CREATE')
    const bob = discord.user('bob')
    expect(await discord.press(bob, message.id, `poll:${poll.id}:2`)).toMatchObject({ data: { content: 'Your vote: Fibbage' } })
    expect((await until(status, (s) => s.counts.poll === 2, 10_000)).counts).toEqual({ up: 0, down: 0, poll: 2, ignored: 0 })
    await until(() => message.content, (content) => content.includes('1. Quiplash (P): 1 vote') && content.includes('2. Fibbage (P): 1 vote'), 10_000)
    expect([...discord.messages.values()].filter((entry) => entry.components.length > 0)).toHaveLength(1) // the same message, no second one

    for (const serve of [a, b]) {
      const { stdout, stderr } = serve.output()
      expect(stdout + stderr).not.toContain(discord.token)
    }
  } finally {
    await discord.close()
  }
})
