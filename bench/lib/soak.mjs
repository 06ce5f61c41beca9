#!/usr/bin/env node
// Soak: a real `game-picker serve` on the benchmark database under steady mixed traffic (picks,
// the catalogue, stats, the active session and durable live votes, each vote delivered to a
// webhook receiver in this process) for a long stretch, measured in consecutive windows. Reports
// the first and the last window (RSS, p50/p99), so growth over time shows.
//   node bench/lib/soak.mjs --db FILE [--seconds 600] [--rate 200]
// Duration also from BENCH_SOAK_S. Prints one JSON object.
import { statSync } from 'node:fs'
import { createServer } from 'node:http'
import { parseArgs } from 'node:util'
import { createApiClient, dist, freePort, processMemory, round, sleep, startServerProcess } from './common.mjs'
import { PICK_FILTERS } from './data.mjs'
import { measure } from './load.mjs'

const { values } = parseArgs({ options: { db: { type: 'string' }, seconds: { type: 'string' }, rate: { type: 'string' } } })
const SECONDS = Number(values.seconds ?? process.env.BENCH_SOAK_S ?? 600)
const RATE = Number(values.rate ?? 200) // requests/s over all connections: a busy games night, not a stress test
const WINDOWS = Math.max(2, Math.min(20, Math.floor(SECONDS / 15)))
const KEY = 'bench-soak-key'

let delivered = 0
const receiver = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    delivered++
    res.end('ok')
  })
})
const receiverPort = await freePort()
await new Promise((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve))

const port = await freePort()
const server = await startServerProcess(process.execPath, [dist.cliBin, 'serve', '--port', String(port), '--db', values.db], {
  port, env: { ADMIN_KEY: KEY }, timeoutMs: 60_000,
})
// The file is checkpointed when the server opens it and when it stops cleanly: its size then is
// the database's, reported beside RSS (which must not follow it: the store pages the file).
const fileMb = () => statSync(values.db).size / (1024 * 1024)
const dbStartMb = fileMb()
let stopped = false
try {
  const api = createApiClient(server.url)
  const { token } = await api('POST', '/api/auth/login', { key: KEY })
  await api('POST', '/api/webhooks', {
    name: 'soak receiver', url: `http://127.0.0.1:${receiverPort}/hook`, secret: 'soak-secret', events: ['vote.received'],
  }, token)

  let seq = 0
  const json = { 'content-type': 'application/json' }
  const requests = [
    { method: 'POST', path: '/api/pick', headers: json, body: JSON.stringify(PICK_FILTERS) },
    { method: 'GET', path: '/api/games' },
    { method: 'POST', path: '/api/votes/live', headers: { ...json, authorization: `Bearer ${token}` }, setupRequest: (req) => ({
      ...req, body: JSON.stringify({ username: `soak-${seq++}`, vote: seq % 4 ? 'up' : 'down', timestamp: new Date().toISOString() }),
    }) },
    { method: 'GET', path: '/api/stats' },
    { method: 'GET', path: '/api/sessions/active' },
  ]
  const windowS = SECONDS / WINDOWS
  const windows = []
  for (let i = 0; i < WINDOWS; i++) {
    const r = await measure({ url: server.url, pid: server.pid, requests, overallRate: RATE, durationS: windowS, warmupS: 0 })
    windows.push({ ...r, rssMb: processMemory(server.pid).rssMb })
    process.stderr.write(`[soak] window ${i + 1}/${WINDOWS}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, RSS ${windows.at(-1).rssMb.toFixed(0)} MB\n`)
  }
  const votes = seq
  for (let waited = 0; delivered < votes && waited < 30_000; waited += 250) await sleep(250) // deliveries are asynchronous

  const summary = (w) => ({ rps: round(w.rps, 0), p50: w.p50, p99: w.p99, rssMb: round(w.rssMb, 1), cpuUsPerReq: round(w.cpuUsPerReq, 0) })
  const peakRssMb = round(processMemory(server.pid).peakRssMb, 1)
  await server.stop()
  stopped = true
  process.stdout.write(`${JSON.stringify({
    seconds: SECONDS, rate: RATE, windows: WINDOWS, start: summary(windows[0]), end: summary(windows.at(-1)),
    peakRssMb, votes, delivered, dbStartMb: round(dbStartMb, 1), dbEndMb: round(fileMb(), 1),
    non2xx: windows.reduce((s, w) => s + w.non2xx, 0), errors: windows.reduce((s, w) => s + w.errors, 0),
  })}\n`)
} finally {
  if (!stopped) await server.stop()
  receiver.close()
}
