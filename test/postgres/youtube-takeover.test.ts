// Two real `game-picker serve` processes on one database reading a YouTube live chat (a local
// fake of the Data API): exactly one reads it (calls at least the interval apart); after kill -9
// of that one the other takes over within 30 s and goes on from the saved page, and a message the
// dead one counted is not counted again when YouTube hands it out once more.
import { expect, test } from 'vitest'
import { startFakeYouTube } from '../helpers/fake-youtube.ts'
import { useKillableServes } from '../helpers/killable-serves.ts'
import { call, login } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

const serves = useKillableServes()

test('kill -9 of the reading server: the other reads the chat within 30 s, from the saved page, and counts nothing twice', { timeout: 120_000 }, async () => {
  const youtube = await startFakeYouTube()
  const key = 'AIzaTakeoverKeyNeverPrinted-000000001'
  youtube.addKey(key)
  const liveChatId = youtube.goLive('takeoverVid')
  const reads = () => youtube.calls.filter((one) => one.liveChatId === liveChatId)
  const options = { cwd: serves.dir, env: { GAME_PICKER_DB: 'youtube.sqlite', ADMIN_KEY: 'k', YOUTUBE_API_URL: youtube.url, ECAST_URL: 'http://127.0.0.1:9', TWITCH_CHAT_URL: 'ws://127.0.0.1:9' } }
  try {
    const a = await serves.start(options)
    const tokenA = await login(a.url, 'k')
    const game = (await call(a.url, 'POST', '/api/games', { token: tokenA, body: { pack_name: 'P', title: 'Quiplash', min_players: 3, max_players: 8 } })).body
    const session = (await call(a.url, 'POST', '/api/sessions', { token: tokenA })).body
    await call(a.url, 'POST', `/api/sessions/${session.id}/games`, { token: tokenA, body: { game_id: game.id } })
    expect((await call(a.url, 'POST', '/api/chat/youtube', { token: tokenA, body: { video: 'takeoverVid', api_key: key } })).status).toBe(201)
    await until(() => reads().length, (n) => n === 1, 10_000)
    const b = await serves.start(options)
    const status = async () => (await call(b.url, 'GET', '/api/chat/youtube')).body

    const counted = youtube.post('takeoverVid', { channelId: 'UCann000000000000000000', text: 'thisgame++' })
    await until(status, (s) => s.counts.up === 1, 15_000)
    await new Promise((resolve) => setTimeout(resolve, 6000)) // another read or two, by one server only
    const times = reads().map((one) => one.at)
    expect(times.length).toBeGreaterThanOrEqual(2)
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(4900)

    await a.stop('SIGKILL')
    const killedAt = Date.now()
    // A's lease (20 s) runs out and B's next check (every 5 s) takes the chat.
    await until(() => reads().filter((one) => one.at > killedAt).length, (n) => n >= 1, 30_000)
    await until(status, (s) => s.state === 'connected', 10_000)

    // YouTube hands out the message A counted once more (same id), and a new one: only the new one counts.
    youtube.post('takeoverVid', { channelId: 'UCann000000000000000000', text: 'thisgame++', id: counted })
    youtube.post('takeoverVid', { channelId: 'UCbob000000000000000000', text: 'thisgame--' })
    expect((await until(status, (s) => s.counts.down === 1, 15_000)).counts).toEqual({ up: 1, down: 1, poll: 0, queue: 0, ignored: 0 })
    const row = (await call(b.url, 'GET', '/api/games')).body.find((g: { id: number }) => g.id === game.id)
    expect(row).toMatchObject({ upvotes: 1, downvotes: 1 })
    expect(reads().slice(1).every((one) => one.pageToken !== null)).toBe(true) // never the backlog again
    for (const serve of [a, b]) expect(`${serve.output().stdout}${serve.output().stderr}`).not.toContain(key)
  } finally {
    await youtube.close()
  }
})
