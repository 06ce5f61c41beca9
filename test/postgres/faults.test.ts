// Losing the database: a PostgreSQL server of this file's own is stopped, or cut off behind a
// proxy that passes no byte. Requests answer 503 "Database unavailable" within 10 s (never a
// hang, never a crash), and the instance recovers by itself when the database is back.
import { createCore, type Core } from '@game-picker/core'
import { type RunningServer, startServer } from '@game-picker/http'
import { createPostgresStore } from '@game-picker/postgres'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { assertCliBuilt, createTempDir, startServe } from '../helpers/cli.ts'
import { type PgCluster, startPgCluster } from '../helpers/pg-cluster.ts'
import { ADMIN_KEY, call, login } from '../helpers/server.ts'
import { startTcpProxy } from '../helpers/tcp-proxy.ts'
import { until } from '../helpers/until.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

let cluster: PgCluster
let databases = 0
beforeAll(async () => void (cluster = await startPgCluster()))
beforeAll(assertCliBuilt)
afterAll(() => cluster?.destroy())

/** A fresh database on this file's server, reached on `port` (the server's, or a proxy's). */
async function database(port = cluster.port): Promise<string> {
  const name = `faults_${++databases}`
  const admin = new pg.Client({ connectionString: cluster.adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(cluster.adminUrl)
  url.port = String(port)
  url.pathname = `/${name}`
  return url.toString()
}

async function serve(url: string): Promise<{ core: Core; server: RunningServer; stop(): Promise<void> }> {
  const core = createCore({ secretKey: TEST_SECRET_KEY, store: await createPostgresStore({ url, log: () => {}, holdCaches: true }) })
  const server = await startServer({ core, adminKey: ADMIN_KEY, port: 0, log: () => {} })
  return { core, server, stop: async () => { await server.close(); await core.close() } }
}

/** The request's answer and how long it took. */
async function timed(url: string, method: string, path: string, token?: string) {
  const started = Date.now()
  const result = await call(url, method, path, { token, body: method === 'GET' ? undefined : {} })
  return { status: result.status, body: result.body, ms: Date.now() - started }
}

const UNAVAILABLE = { status: 503, body: { error: 'Database unavailable' } }

test('a stopped database: 503 within 10 s, the process lives on, and it recovers by itself', { timeout: 60_000 }, async () => {
  const { server, core, stop } = await serve(await database())
  const heard: string[] = []
  core.onChange('events', () => heard.push('events'))
  try {
    const token = await login(server.url)
    await call(server.url, 'POST', '/api/games', { token, body: { pack_name: 'P', title: 'Kept', min_players: 1, max_players: 4 } })
    expect((await timed(server.url, 'GET', '/health')).status).toBe(200)

    await cluster.stop()
    for (const [method, path] of [['GET', '/health'], ['GET', '/api/games'], ['POST', '/api/pick'], ['POST', '/api/sessions']]) {
      const answer = await timed(server.url, method, path, token)
      expect({ method, path, ...answer, ms: answer.ms < 10_000 }).toEqual({ method, path, ...UNAVAILABLE, ms: true })
    }

    await cluster.start()
    await until(async () => (await call(server.url, 'GET', '/health')).status, (status) => status === 200, 20_000, 100)
    expect((await call(server.url, 'GET', '/api/games')).body).toMatchObject([{ title: 'Kept' }])
    expect((await call(server.url, 'POST', '/api/sessions', { token })).status).toBe(201)
    // The LISTEN connection came back too: it reports that anything may have changed meanwhile.
    await until(() => heard.length, (count) => count > 0, 20_000, 100)
  } finally {
    await stop()
  }
})

test('an unreachable database (connections that never answer): 503 within 10 s; back with the network', { timeout: 60_000 }, async () => {
  const proxy = await startTcpProxy(cluster.port)
  const { server, stop } = await serve(await database(proxy.port))
  try {
    const token = await login(server.url)
    expect((await call(server.url, 'GET', '/api/games')).status).toBe(200)

    proxy.blackhole()
    // Idle pooled connections hang mid-query, new ones hang while connecting: both give up in
    // time. Reads wait until the caches' snapshot is older than the longest a server may use one
    // unchecked (1 s): before that they may still answer from it, as no write can be acknowledged
    // anywhere meanwhile without waiting that second out.
    const answers = await Promise.all(Array.from({ length: 8 }, async (_, i) => {
      if (i % 2) await new Promise((resolve) => setTimeout(resolve, 1100))
      return timed(server.url, i % 2 ? 'GET' : 'POST', i % 2 ? '/api/games' : '/api/sessions', token)
    }))
    for (const answer of answers) expect({ ...answer, ms: answer.ms < 10_000 }).toEqual({ ...UNAVAILABLE, ms: true })

    proxy.restore()
    await until(async () => (await call(server.url, 'GET', '/health')).status, (status) => status === 200, 20_000, 100)
    expect((await call(server.url, 'POST', '/api/sessions', { token })).status).toBe(201)
  } finally {
    await stop()
    await proxy.close()
  }
})

test('serve starts while its database cannot be reached: 503 "Database unavailable" until it can, then it sets up and serves', { timeout: 60_000 }, async () => {
  const proxy = await startTcpProxy(cluster.port)
  const temp = createTempDir()
  proxy.blackhole()
  const url = await database(proxy.port)
  const serve = await startServe([], { cwd: temp.path, env: { GAME_PICKER_DB: url, ADMIN_KEY: 'k' } })
  try {
    expect(await call(serve.url, 'GET', '/api/games')).toMatchObject(UNAVAILABLE)
    expect(await call(serve.url, 'POST', '/api/auth/login', { body: { key: 'k' } })).toMatchObject(UNAVAILABLE)

    proxy.restore()
    await until(async () => (await call(serve.url, 'GET', '/api/games')).status, (status) => status === 200, 20_000, 100)
    // Set up as a first start would: the bundled catalogue, once; the server never restarted.
    expect((await call(serve.url, 'GET', '/api/games')).body).toHaveLength(62)
    const token = await login(serve.url, 'k')
    expect((await call(serve.url, 'POST', '/api/sessions', { token, body: {} })).status).toBe(201)
    const { stderr } = serve.output()
    expect(stderr).toContain('Database unavailable')
    expect(stderr).not.toContain(new URL(url).password)
  } finally {
    await serve.stop()
    await proxy.close()
    temp.remove()
  }
})
