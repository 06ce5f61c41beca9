#!/usr/bin/env node
// What an API token costs per request on PostgreSQL, against a login token (JWT, checked in
// memory): `node bench/token-auth.mjs` after a build. One `game-picker serve` on a fresh
// database; POST /api/auth/verify (auth alone) and POST /api/votes/live, each with a JWT and with
// a gp_ token; statements per request counted by pg_stat_statements. The gp_ token is looked up
// through the store's cache snapshot, whose check is shared by concurrent requests, so it
// should add no statement of its own. Prints a table; writes nothing.
import { measure } from './lib/load.mjs'
import { startPostgres, startPostgresServers } from './lib/postgres.mjs'

const ADMIN_KEY = 'bench-admin-key'
const DURATION_S = Number(process.env.BENCH_S ?? 5)
const pg = await startPostgres()
let servers = []
try {
  const { default: pgClient } = await import('pg')
  const admin = new pgClient.Client({ connectionString: pg.url('postgres') })
  await admin.connect()
  await admin.query('CREATE DATABASE tokens')
  await admin.end()
  const url = pg.url('tokens')
  servers = await startPostgresServers({ url, instances: 1, adminKey: ADMIN_KEY })
  const [server] = servers
  const api = async (method, path, body, token) => (await fetch(server.url + path, {
    method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })).json()
  const jwt = (await api('POST', '/api/auth/login', { key: ADMIN_KEY })).token
  const apiToken = (await api('POST', '/api/tokens', { name: 'bench', scopes: ['votes'] }, jwt)).token
  const game = (await api('GET', '/api/games'))[0]
  const session = await api('POST', '/api/sessions', {}, jwt)
  await api('POST', `/api/sessions/${session.id}/games`, { game_id: game.id }, jwt)
  const statements = await pg.statementCounter(url)

  let seq = 0
  const cases = [
    ['verify', 'login token', { method: 'POST', path: '/api/auth/verify', headers: { authorization: `Bearer ${jwt}` } }],
    ['verify', 'API token', { method: 'POST', path: '/api/auth/verify', headers: { authorization: `Bearer ${apiToken}` } }],
    ...['login token', 'API token'].map((label) => ['votes', label, {
      method: 'POST', path: '/api/votes/live', headers: { authorization: `Bearer ${label === 'API token' ? apiToken : jwt}` },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ username: `u${seq++}`, vote: 'up', timestamp: new Date().toISOString() }) }),
    }]),
  ]
  const rows = []
  for (const connections of [1, 10]) {
    for (const [what, label, request] of cases) {
      await measure({ url: server.url, connections, durationS: 1, warmupS: 0, ...request })
      await statements.reset()
      const r = await measure({ url: server.url, pid: server.pid, connections, durationS: DURATION_S, warmupS: 0, ...request })
      const perRequest = (await statements.count()) / Math.max(1, r.ok + r.non2xx)
      rows.push(`| ${what} | ${label} | ${connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${perRequest.toFixed(2)} | ${Math.round(r.cpuUsPerReq)} | ${r.non2xx + r.errors} |`)
      process.stderr.write(`${rows.at(-1)}\n`)
    }
  }
  await statements.close()
  console.log('| request | bearer | conn | req/s | p50 ms | p99 ms | statements/req | server CPU µs/req | non-2xx+errors |')
  console.log('|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
} finally {
  for (const server of servers) await server.stop()
  await pg.stop()
}
