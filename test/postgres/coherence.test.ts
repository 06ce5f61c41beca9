// Servers on one database use their caches without asking the database first, and still read
// every write another server acknowledged before the read began (coherence.ts): a write is
// acknowledged once every server holding caches heard of it, or once none can still use a
// snapshot from before it (a server killed, or cut off from the database).
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { type Core, createCore, isDomainError } from '@game-picker/core'
import { createPostgresStore, type PostgresStore } from '@game-picker/postgres'
import pg from 'pg'
import { afterEach, expect, test } from 'vitest'
import { createTestDatabase } from '../helpers/postgres.ts'
import { startTcpProxy } from '../helpers/tcp-proxy.ts'
import { until } from '../helpers/until.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

const closing: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()))
})

interface Server { store: PostgresStore; core: Core }

async function server(url: string, options: { queryTimeoutMs?: number } = {}): Promise<Server> {
  const store = await createPostgresStore({ url, log: () => {}, holdCaches: true, ...options })
  closing.push(() => store.close())
  return { store, core: createCore({ secretKey: TEST_SECRET_KEY, store }) }
}

/** Reads until the server's caches answer without a check (its lease is taken). */
async function untilTrusted({ store, core }: Server): Promise<void> {
  /** The checks one read of the catalogue made. */
  const checksOfARead = async () => {
    await core.games.list()
    const checks = store.cacheChecks()
    await core.games.list()
    return store.cacheChecks() - checks
  }
  await until(checksOfARead, (checks) => checks === 0)
}

async function holderCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return Number((await client.query('SELECT COUNT(*) AS n FROM cache_holders WHERE expires_at > now()')).rows[0].n)
  } finally {
    await client.end()
  }
}

test('while nothing changes a server reads its caches without a check; every write is read at once on the other', async () => {
  const url = await createTestDatabase()
  const [a, b] = [await server(url), await server(url)]
  const game = await a.core.games.create({ pack_name: 'P', title: 'Shared', min_players: 1, max_players: 8 })
  await untilTrusted(a)
  await untilTrusted(b)

  const before = b.store.cacheChecks()
  for (let i = 0; i < 50; i++) await b.core.stats()
  expect(b.store.cacheChecks() - before).toBeLessThanOrEqual(1) // a snapshot is used for up to a second

  // Each write, acknowledged on one server, is in the next read on the other: the catalogue,
  // the sessions and the counters (live votes) each change what the caches hold.
  for (let i = 0; i < 15; i++) {
    const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a]
    const favor = ([1, -1, 0] as const)[i % 3]
    await writer.core.games.setFavor(game.id, { favor_bias: favor })
    expect((await reader.core.games.list()).find((one) => one.id === game.id)?.favor_bias).toBe(favor)
  }
  const session = await a.core.sessions.start()
  expect((await b.core.sessions.active())?.id).toBe(session.id)
  const played = await b.core.sessionGames.add(session.id, { game_id: game.id })
  for (let i = 0; i < 10; i++) {
    const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a]
    await writer.core.votes.live({ username: `viewer${i}`, vote: 'up', timestamp: new Date(Date.parse(played.played_at) + 1000 + i).toISOString() })
    expect((await reader.core.games.list()).find((one) => one.id === game.id)?.upvotes).toBe(i + 1)
  }
  await b.core.sessions.close(session.id)
  expect(await a.core.sessions.active()).toBeNull()
})

test('a command that holds no caches (the CLI on the database) is read at once by a server that does', async () => {
  const url = await createTestDatabase()
  const b = await server(url)
  const command = await createPostgresStore({ url, log: () => {} })
  closing.push(() => command.close())
  const core = createCore({ secretKey: TEST_SECRET_KEY, store: command })
  const game = await core.games.create({ pack_name: 'P', title: 'Shared', min_players: 1, max_players: 8 })
  await untilTrusted(b)
  for (const favor of [1, -1, 0, 1] as const) {
    await core.games.setFavor(game.id, { favor_bias: favor })
    expect((await b.core.games.list())[0].favor_bias).toBe(favor)
  }
  // It checks its own cached reads each time.
  const checks = command.cacheChecks()
  await core.games.list()
  await core.games.list()
  expect(command.cacheChecks()).toBe(checks + 2)
})

test('a server killed while holding its caches holds up writes only until its snapshots expire', async () => {
  const url = await createTestDatabase()
  const [a, b] = [await server(url), await server(url)]
  const game = await a.core.games.create({ pack_name: 'P', title: 'Shared', min_players: 1, max_players: 8 })
  const storeModule = fileURLToPath(new URL('../../packages/postgres/dist/index.js', import.meta.url))
  const child = spawn(process.execPath, ['--input-type=module', '-e', `
    const { createPostgresStore } = await import(${JSON.stringify(storeModule)})
    const store = await createPostgresStore({ url: process.argv[1], holdCaches: true, log: () => {} })
    setInterval(() => void store.read((tx) => tx.listGames()).catch(() => {}), 100) // busy: it keeps its lease`, url], { stdio: 'ignore' })
  closing.push(async () => void child.kill('SIGKILL'))
  // a and b keep reading, so they keep their leases while the third server starts and takes its own.
  const reading = setInterval(() => void Promise.all([a.core.games.list(), b.core.games.list()]).catch(() => {}), 100)
  try {
    await until(() => holderCount(url), (holders) => holders === 3, 30_000)
  } finally {
    clearInterval(reading)
  }
  await untilTrusted(b)
  child.kill('SIGKILL')

  // Its lease is still on the books: the write waits for it, then goes on without it.
  await a.core.games.setFavor(game.id, { favor_bias: 1 })
  expect((await b.core.games.get(game.id)).favor_bias).toBe(1)
  expect((await b.core.games.list())[0].favor_bias).toBe(1)
})

test('a server that reads nothing gives its lease up, so writes stop waiting for it, and takes it again on its next read', async () => {
  const url = await createTestDatabase()
  const [a, b] = [await server(url), await server(url)]
  await untilTrusted(a)
  await untilTrusted(b)
  expect(await holderCount(url)).toBe(2)
  // a keeps reading; b goes quiet.
  const reading = setInterval(() => void a.core.games.list(), 100)
  try {
    await until(() => holderCount(url), (holders) => holders === 1, 30_000, 100) // the idle server gave its lease up
    const game = await a.core.games.create({ pack_name: 'P', title: 'While resting', min_players: 1, max_players: 8 })
    expect((await b.core.games.list()).map((one) => one.id)).toEqual([game.id]) // checked: it holds no lease
    await untilTrusted(b)
    expect(await holderCount(url)).toBe(2)
    await a.core.games.setFavor(game.id, { favor_bias: 1 })
    expect((await b.core.games.list())[0].favor_bias).toBe(1)
  } finally {
    clearInterval(reading)
  }
})

test('a server cut off from the database never answers from a snapshot older than a write acknowledged elsewhere', async () => {
  const url = await createTestDatabase()
  const proxy = await startTcpProxy(Number(new URL(url).port))
  closing.push(() => proxy.close())
  const viaProxy = new URL(url)
  viaProxy.port = String(proxy.port)
  const a = await server(url)
  const b = await server(viaProxy.toString(), { queryTimeoutMs: 1000 })
  const game = await a.core.games.create({ pack_name: 'P', title: 'Shared', min_players: 1, max_players: 8 })
  await untilTrusted(b)
  expect((await b.core.games.list())[0].favor_bias).toBe(0)

  proxy.blackhole()
  await a.core.games.setFavor(game.id, { favor_bias: -1 })
  for (let i = 0; i < 3; i++) {
    const read = await b.core.games.list().then((games) => games[0].favor_bias, (error) => {
      if (isDomainError(error) && error.code === 'UNAVAILABLE') return 'unavailable'
      throw error
    })
    expect([-1, 'unavailable']).toContain(read)
  }

  proxy.restore()
  for (let tries = 0; ; tries++) {
    const read = await b.core.games.list().then((games) => games[0].favor_bias, () => 'unavailable')
    if (read === -1) break
    expect(read).toBe('unavailable')
    if (tries > 100) throw new Error('the cut-off server never read the write')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
})
