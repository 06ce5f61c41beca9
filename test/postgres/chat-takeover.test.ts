// Two real `game-picker serve` processes on one PostgreSQL database reading Twitch chat, then
// running the Discord bot (local fakes of both): exactly one holds the connection; after kill -9
// of that one, the other takes over within 30 s, and what the dead one counted (a vote, a !join)
// is not counted or applied again when it comes once more. The Discord bot keeps editing the same poll message, and its
// token shows in neither server's output.
import { expect, test } from 'vitest'
import { startFakeDiscord } from '../helpers/fake-discord.ts'
import { startFakeTwitch } from '../helpers/fake-twitch.ts'
import { useKillableServes } from '../helpers/killable-serves.ts'
import { call, login } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

const serves = useKillableServes()


test('kill -9 of the reading server: the other reads the channel within 30 s and counts nothing twice, a replayed !join included', { timeout: 90_000 }, async () => {
  const twitch = await startFakeTwitch()
  const options = { cwd: serves.dir, env: { GAME_PICKER_DB: 'chat.sqlite', ADMIN_KEY: 'k', TWITCH_CHAT_URL: twitch.url, ECAST_URL: 'http://127.0.0.1:9' } }
  try {
    // A starts first and takes the channel; B starts once A reads it.
    const a = await serves.start(options)
    const tokenA = await login(a.url, 'k')
    const game = (await call(a.url, 'POST', '/api/games', { token: tokenA, body: { pack_name: 'P', title: 'Quiplash', min_players: 3, max_players: 8 } })).body
    const session = (await call(a.url, 'POST', '/api/sessions', { token: tokenA })).body
    await call(a.url, 'POST', `/api/sessions/${session.id}/games`, { token: tokenA, body: { game_id: game.id } })
    await call(a.url, 'POST', '/api/queue/open', { token: tokenA, body: {} })
    expect((await call(a.url, 'POST', '/api/chat/twitch', { token: tokenA, body: { channel: 'crash_channel' } })).status).toBe(201)
    await until(() => twitch.readers('crash_channel'), (n) => n === 1, 10_000, 100)
    const b = await serves.start(options)
    const status = async () => (await call(b.url, 'GET', '/api/chat/twitch')).body
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(twitch.readers('crash_channel')).toBe(1)

    const counted = twitch.say('crash_channel', { login: 'ann', text: 'thisgame++', sentAt: Date.now() })
    const joined = twitch.say('crash_channel', { login: 'zoe_plays', displayName: 'Zoë', text: '!join' })
    await until(status, (s) => s.counts.up === 1 && s.counts.queue === 1, 10_000, 100)
    // The host takes Zoë out again: were her !join applied a second time, she would be back in line.
    const zoe = (await call(b.url, 'GET', '/api/queue')).body.entries[0]
    expect(zoe).toMatchObject({ user: 'zoe_plays', name: 'Zoë', seat_name: 'ZOE' })
    expect((await call(b.url, 'DELETE', `/api/queue/entries/${zoe.id}`, { token: tokenA })).status).toBe(200)

    await a.stop('SIGKILL')
    await until(() => twitch.readers('crash_channel'), (n) => n === 0, 5000, 100)
    // A's lease (20 s) runs out and B's next check (every 5 s) takes the channel.
    await until(() => twitch.readers('crash_channel'), (n) => n === 1, 30_000, 100)
    await until(status, (s) => s.state === 'connected', 5000, 100)

    // The messages A counted come again (same ids), and new ones: only the new ones count. Zoë's
    // !leave after her replayed !join changes nothing (ignored), since the replay was not applied.
    twitch.say('crash_channel', { login: 'ann', text: 'thisgame++', sentAt: Date.now() + 5000, id: counted })
    twitch.say('crash_channel', { login: 'zoe_plays', displayName: 'Zoë', text: '!join', id: joined })
    twitch.say('crash_channel', { login: 'zoe_plays', displayName: 'Zoë', text: '!leave' })
    twitch.say('crash_channel', { login: 'bob', text: 'thisgame--', sentAt: Date.now() })
    twitch.say('crash_channel', { login: 'fay', displayName: 'Fay', text: '!join' })
    expect((await until(status, (s) => s.counts.down === 1 && s.counts.queue === 2 && s.counts.ignored === 1, 10_000, 100)).counts)
      .toEqual({ up: 1, down: 1, poll: 0, queue: 2, ignored: 1 })
    expect((await call(b.url, 'GET', '/api/queue')).body.entries.map((entry: { user: string; name: string }) => [entry.user, entry.name]))
      .toEqual([['fay', 'Fay']])
    const votes = (await call(b.url, 'GET', '/api/games')).body.find((g: { id: number }) => g.id === game.id)
    expect(votes).toMatchObject({ upvotes: 1, downvotes: 1 })
    // The dead holder's connection was announced as ended when B took the channel.
    expect(b.output().stderr).not.toContain('Unexpected error')
  } finally {
    await twitch.close()
  }
})

test('kill -9 of the server holding the bot: the other takes it over within 30 s, same poll message, nothing counted twice', { timeout: 120_000 }, async () => {
  const discord = await startFakeDiscord({ token: 'takeover-bot-token-value' })
  const options = { cwd: serves.dir, env: { GAME_PICKER_DB: 'discord.sqlite', ADMIN_KEY: 'k', DISCORD_API_URL: discord.apiUrl, ECAST_URL: 'http://127.0.0.1:9' } }
  try {
    const a = await serves.start(options)
    const token = await login(a.url, 'k')
    const api = (url: string, method: string, path: string, body?: unknown) => call(url, method, path, { token, body })
    const games = []
    for (const title of ['Quiplash', 'Fibbage', 'Drawful']) games.push((await api(a.url, 'POST', '/api/games', { pack_name: 'P', title, min_players: 3, max_players: 8 })).body)
    expect((await api(a.url, 'POST', '/api/chat/discord', { channel_id: discord.channelId, bot_token: discord.token })).status).toBe(201)
    await until(() => discord.connections(), (n) => n === 1, 15_000, 100)
    const b = await serves.start(options)
    const status = async () => (await call(b.url, 'GET', '/api/chat/discord')).body
    await until(status, (s) => s.state === 'connected', 15_000, 100)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(discord.connections()).toBe(1)

    const poll = (await api(b.url, 'POST', '/api/polls', { gameIds: games.map((game) => game.id) })).body
    const message = await discord.waitFor(() => [...discord.messages.values()].find((entry) => entry.components.length > 0))
    const ann = discord.user('ann')
    expect(await discord.press(ann, message.id, `poll:${poll.id}:1`)).toMatchObject({ data: { content: 'Your vote: Quiplash' } })
    await until(status, (s) => s.counts.poll === 1, 10_000, 100)

    await a.stop('SIGKILL')
    // A's lease (20 s) runs out and B's next check (every 5 s) takes the bot over.
    await until(() => discord.identifies.length, (n) => n === 2, 30_000, 100)
    await until(status, (s) => s.state === 'connected', 10_000, 100)
    expect(discord.connections()).toBe(1)

    // The press A answered comes again (Discord may deliver an event twice): not counted again.
    discord.redeliverLast('INTERACTION_CREATE')
    const bob = discord.user('bob')
    expect(await discord.press(bob, message.id, `poll:${poll.id}:2`)).toMatchObject({ data: { content: 'Your vote: Fibbage' } })
    expect((await until(status, (s) => s.counts.poll === 2, 10_000, 100)).counts).toEqual({ up: 0, down: 0, poll: 2, queue: 0, ignored: 0 })
    await until(() => message.content, (content) => content.includes('1. Quiplash (P): 1 vote') && content.includes('2. Fibbage (P): 1 vote'), 10_000, 100)
    expect([...discord.messages.values()].filter((entry) => entry.components.length > 0)).toHaveLength(1) // the same message, no second one

    for (const serve of [a, b]) {
      const { stdout, stderr } = serve.output()
      expect(stdout + stderr).not.toContain(discord.token)
    }
  } finally {
    await discord.close()
  }
})
