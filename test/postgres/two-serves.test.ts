// Two real `game-picker serve` processes on one PostgreSQL database, with the traffic split
// across them, as behind a round-robin load balancer.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { assertCliBuilt, cliJson, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'
import { connectEvents } from '../helpers/event-client.ts'
import { startFakeEcast } from '../helpers/fake-ecast.ts'
import { hang, respondWith, startReceiver } from '../helpers/receiver.ts'
import { call, login } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

const temp = createTempDir()
const cwd = temp.path
const running: RunningServe[] = []
beforeAll(assertCliBuilt)
afterAll(async () => {
  await Promise.all(running.map((serve) => serve.stop('SIGKILL').catch(() => {})))
  temp.remove()
})

/** Two serves started at the same moment on the database a test names. */
async function twoServes(db: string, env: Record<string, string> = {}): Promise<[RunningServe, RunningServe]> {
  const options = { cwd, env: { GAME_PICKER_DB: db, ECAST_URL: 'http://127.0.0.1:9', ...env } }
  const serves = await Promise.all([startServe([], options), startServe([], options)])
  running.push(...serves)
  return serves
}

describe('two serve processes on one database', () => {
  test('started together on an empty database: set up once, 62 games, one admin key that works on both', async () => {
    const [a, b] = await twoServes('fresh.sqlite')
    const outputs = [a.output(), b.output()]
    expect(outputs.filter((output) => output.stderr.includes('Created fresh.sqlite with the bundled Jackbox catalogue (62 games).'))).toHaveLength(1)
    const keys = outputs.map((output) => /Admin key \(shown once, store it now\): (\S+)/.exec(output.stdout)?.[1]).filter(Boolean)
    expect(keys).toHaveLength(1)
    for (const serve of [a, b]) expect((await call(serve.url, 'GET', '/api/games')).body).toHaveLength(62)
    const token = await login(a.url, keys[0])
    expect((await call(b.url, 'POST', '/api/auth/verify', { token })).status).toBe(200)
  })

  test('concurrent session starts split across them: one 201, the others the exact 400; writes are read on the other', async () => {
    const [a, b] = await twoServes('split.sqlite', { ADMIN_KEY: 'k' })
    const [tokenA, tokenB] = [await login(a.url, 'k'), await login(b.url, 'k')]
    const starts = await Promise.all(Array.from({ length: 10 }, (_, i) =>
      call(i % 2 ? b.url : a.url, 'POST', '/api/sessions', { token: i % 2 ? tokenB : tokenA, body: { notes: `try ${i}` } })))
    const created = starts.filter((start) => start.status === 201)
    expect(created).toHaveLength(1)
    const refused = starts.filter((start) => start.status !== 201)
    expect(refused.map((start) => [start.status, start.body])).toEqual(Array(9).fill([400, {
      error: 'An active session already exists. Please close it first.', activeSessionId: created[0].body.id,
    }]))

    const game = (await call(a.url, 'POST', '/api/games', { token: tokenA, body: { pack_name: 'House', title: 'Charades', min_players: 2, max_players: 9 } })).body
    expect((await call(b.url, 'GET', `/api/games/${game.id}`)).body).toEqual(game)
    const row = (await call(b.url, 'POST', `/api/sessions/${created[0].body.id}/games`, { token: tokenB, body: { game_id: game.id } })).body
    expect((await call(a.url, 'GET', '/api/stats')).body.totalGamesPlayed.count).toBe(1)
    expect((await call(a.url, 'GET', `/api/sessions/${created[0].body.id}/games`)).body).toEqual([row])
    // A URL has no lock: a local CLI write beside the servers works, and they see it at once.
    const local = await cliJson(['games', 'add', '--pack', 'House', '--title', 'Mime', '--min', '2', '--max', '6'], { cwd, env: { GAME_PICKER_DB: 'split.sqlite' } })
    expect((await call(b.url, 'GET', `/api/games/${local.id}`)).body.title).toBe('Mime')
  })

  test('the event stream never skips or repeats an event: writers and readers on both, writing at once', { timeout: 60_000 }, async () => {
    const [a, b] = await twoServes('stream.sqlite', { ADMIN_KEY: 'k' })
    const serves = [a, b]
    const tokens = [await login(a.url, 'k'), await login(b.url, 'k')]
    const readers = serves.map((serve) => connectEvents(serve.url))
    await Promise.all(readers.map((reader) => reader.opened))
    const games = (await call(a.url, 'GET', '/api/games')).body
    const session = (await call(a.url, 'POST', '/api/sessions', { token: tokens[0] })).body
    await call(b.url, 'POST', `/api/sessions/${session.id}/games`, { token: tokens[1], body: { game_id: games[0].id } })

    // 200 votes, ten at a time on each server, and a game added on each while they run.
    const write = (i: number) => i % 50 === 25
      ? call(serves[i % 2].url, 'POST', `/api/sessions/${session.id}/games`, { token: tokens[i % 2], body: { game_id: games[1 + Math.floor(i / 50)].id } })
      : call(serves[i % 2].url, 'POST', '/api/votes/live', {
        token: tokens[i % 2], body: { username: `voter-${i}`, vote: i % 3 ? 'up' : 'down', timestamp: new Date().toISOString() },
      })
    const answers = []
    for (let round = 0; round < 10; round++) {
      answers.push(...await Promise.all(Array.from({ length: 20 }, (_, j) => write(round * 20 + j))))
    }
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 201)).toEqual([])

    // Everything stored, as a reader that starts now replays it; both live readers got exactly that.
    const late = connectEvents(a.url, '?lastEventId=0')
    const votes = (events: { event: string }[]) => events.filter((event) => event.event === 'vote.received').length
    await until(() => votes(late.events), (count) => count === 196, 20_000, 100)
    await new Promise((resolve) => setTimeout(resolve, 300)) // anything after the last vote (there is nothing)
    const stored = late.events.map((event) => Number(event.id))
    expect(stored).toEqual([...stored].sort((x, y) => x - y))
    expect(new Set(stored).size).toBe(stored.length)
    for (const reader of readers) {
      await reader.until(stored.length)
      expect(reader.events.map((event) => Number(event.id))).toEqual(stored)
      expect(reader.events).toEqual(late.events)
    }
  })

  test('each webhook event reaches the receiver once, whichever instance caused it or sent it', async () => {
    const [a, b] = await twoServes('hooks.sqlite', { ADMIN_KEY: 'k' })
    const receiver = await startReceiver(respondWith(200))
    const [tokenA, tokenB] = [await login(a.url, 'k'), await login(b.url, 'k')]
    await call(a.url, 'POST', '/api/webhooks', { token: tokenA, body: { name: 'bot', url: receiver.url, secret: 's', events: ['session.started', 'session.ended', 'game.added'] } })
    const game = (await call(b.url, 'POST', '/api/games', { token: tokenB, body: { pack_name: 'P', title: 'T', min_players: 1, max_players: 8 } })).body
    for (let round = 0; round < 4; round++) {
      const [first, second] = round % 2 ? [b, a] : [a, b]
      const [firstToken, secondToken] = round % 2 ? [tokenB, tokenA] : [tokenA, tokenB]
      const session = (await call(first.url, 'POST', '/api/sessions', { token: firstToken })).body
      await call(second.url, 'POST', `/api/sessions/${session.id}/games`, { token: secondToken, body: { game_id: game.id } })
      await call(first.url, 'POST', `/api/sessions/${session.id}/close`, { token: firstToken })
    }
    await receiver.untilRequests(12)
    await new Promise((resolve) => setTimeout(resolve, 1500)) // time for any duplicate to arrive
    const deliveries = receiver.requests.map((request) => request.headers['x-webhook-delivery'])
    expect(deliveries).toHaveLength(12)
    expect(new Set(deliveries).size).toBe(12)
  })

  test('kill -9 of one loses no acknowledged write; the other answers, takes its room monitor and retries its delivery', { timeout: 90_000 }, async () => {
    const ecast = await startFakeEcast()
    const [a, b] = await twoServes('crash.sqlite', { ADMIN_KEY: 'k', ECAST_URL: ecast.url })
    const [tokenA, tokenB] = [await login(a.url, 'k'), await login(b.url, 'k')]
    const game = (await call(a.url, 'POST', '/api/games', { token: tokenA, body: { pack_name: 'P', title: 'Quiplash', min_players: 3, max_players: 8 } })).body
    const session = (await call(a.url, 'POST', '/api/sessions', { token: tokenA })).body
    const row = (await call(a.url, 'POST', `/api/sessions/${session.id}/games`, { token: tokenA, body: { game_id: game.id, room_code: 'ROOM' } })).body
    ecast.createRoom('ROOM').join('player', 'ann')
    await call(a.url, 'POST', `/api/sessions/${session.id}/games/${row.id}/start-player-check`, { token: tokenA })
    await until(() => ecast.openSockets('shard'), (open) => open === 1, 20_000, 100)

    // A's delivery hangs at the receiver when A dies: B makes the attempt again once A's lease ends.
    const receiver = await startReceiver((req, res, index) => (index === 0 ? hang(req, res, index) : respondWith(200)(req, res, index)))
    await call(b.url, 'POST', '/api/webhooks', { token: tokenB, body: { name: 'bot', url: receiver.url, secret: 's', events: ['vote.received'] } })

    // Writes to A, acknowledged one by one, until it is killed in the middle of them.
    const acknowledged: number[] = []
    const writing = (async () => {
      for (let i = 0; ; i++) {
        const answer = await call(a.url, 'POST', '/api/games', { token: tokenA, body: { pack_name: 'Crash', title: `G${i}`, min_players: 1, max_players: 4 } })
          .catch(() => null)
        if (answer?.status !== 201) return
        acknowledged.push(answer.body.id)
      }
    })()
    const vote = await call(a.url, 'POST', '/api/votes/live', { token: tokenA, body: { username: 'ann', vote: 'up', timestamp: new Date().toISOString() } })
    expect(vote.status).toBe(200)
    await receiver.untilRequests(1)
    // Killed once it acknowledged a write, not after a pause a busy machine may spend on the first.
    await until(() => acknowledged.length, (count) => count > 0)
    await a.stop('SIGKILL')
    await writing

    expect(acknowledged.length).toBeGreaterThan(0)
    const games = (await call(b.url, 'GET', '/api/games?pack=Crash')).body.map((g: { id: number }) => g.id)
    expect(games).toEqual(expect.arrayContaining(acknowledged))
    expect((await call(b.url, 'GET', '/health')).status).toBe(200)

    // The room is watched again, by B, within 30 s (A's lease runs out, B's next sync takes it),
    // and the delivery that hung when A died is made again by B once A's lease on it ends.
    await until(() => ecast.openSockets('shard'), (open) => open === 0, 5000, 100)
    await until(() => ecast.openSockets('shard'), (open) => open === 1, 30_000, 100)
    await until(() => receiver.requests.length, (count) => count >= 2, 40_000, 100)
    expect(receiver.requests.map((request) => request.headers['x-webhook-delivery'])).toEqual(Array(2).fill(receiver.requests[0].headers['x-webhook-delivery']))
    await ecast.close()
  })
})
