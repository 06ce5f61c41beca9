#!/usr/bin/env node
// The "history" group: the same `game-picker serve` on databases of 100,000, 1,000,000 and
// 10,000,000 votes in one run, so what a request costs can be compared across history sizes.
//   node bench/lib/history.mjs          this group alone (prints a table and, last, one JSON line)
//   BENCH_QUICK=1                       2 s load runs instead of 5 s
//   BENCH_HISTORY_MAX=1000000           leave out the sizes above it (a quicker run)
//   BENCH_CACHE_DIR=DIR                 where the seeded databases are kept (default below)
// Each size is seeded once with bench/lib/seed.mjs --votes N into a folder under
// ${XDG_CACHE_HOME:-~/.cache}/game-picker-bench/, named by size and a key of what wrote it
// (SEED_FORMAT, seed.mjs and data.mjs): a change to either seeds again; bump SEED_FORMAT when
// the store's file format changes. Every measurement runs on a fresh copy of that whole folder (the server writes), so
// nothing here depends on which files the store keeps beside its database.
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { dist, freePort, processMemory, ROOT, runNodeJson, sleep, startServerProcess } from './common.mjs'
import { PICK_FILTERS } from './data.mjs'
import { measure } from './load.mjs'

/** Bump when seed.mjs or the core writes different data for the same size. */
export const SEED_FORMAT = 2 // 2: votes rebuilt for ticker votes (schema 8), seeded afresh
export const HISTORY_SIZES = [100_000, 1_000_000, 10_000_000]
const ADMIN_KEY = 'bench-admin-key'
const TARGETS = { readyMs: 2000, idleRssMb: 150, loadedRssMb: 200, maxLatencyMs: 100, throughputRatio: 1.25 }

export function historySizes(max = Number(process.env.BENCH_HISTORY_MAX ?? Infinity)) {
  const sizes = HISTORY_SIZES.filter((size) => size <= max)
  return sizes.length ? sizes : [HISTORY_SIZES[0]]
}

export const cacheRoot = () =>
  process.env.BENCH_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'game-picker-bench')

/** A short hash of everything that decides what the seeded folder holds. */
function seedKey() {
  const hash = createHash('sha256').update(`format ${SEED_FORMAT}\n`)
  const files = [join(ROOT, 'bench/lib/seed.mjs'), join(ROOT, 'bench/lib/data.mjs')]
  for (const file of files) hash.update(`${file.slice(ROOT.length)}\n`).update(readFileSync(file))
  return hash.digest('hex').slice(0, 12)
}

const folderBytes = (dir) => readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0)

/** The cached seeded folder for `votes`, seeding it first when missing (also the backup group's). */
export async function seededFolder(votes, step) {
  const root = cacheRoot()
  mkdirSync(root, { recursive: true })
  const name = `votes-${votes}-v${SEED_FORMAT}-${seedKey()}`
  const folder = join(root, name)
  if (existsSync(join(folder, 'seed.json'))) return { folder, seed: JSON.parse(readFileSync(join(folder, 'seed.json'), 'utf8')), built: false }
  step(`history: seeding ${fmtInt(votes)} votes into ${folder} (once; later runs reuse it)`)
  const building = mkdtempSync(join(root, `building-${votes}-`))
  try {
    const started = Date.now()
    const seed = await runNodeJson(join(ROOT, 'bench/lib/seed.mjs'), ['--db', join(building, 'bench.sqlite'), '--votes', String(votes)], {
      timeoutMs: 300_000 + votes * 0.5, // generous: 10M votes at 0.5 ms each is over an hour
    })
    seed.seedMs = Date.now() - started
    // seed.json last: its presence says the folder is complete.
    writeFileSync(join(building, 'seed.json'), JSON.stringify(seed))
    if (existsSync(folder)) rmSync(building, { recursive: true, force: true }) // another run finished first
    else renameSync(building, folder)
    return { folder, seed, built: true }
  } catch (error) {
    rmSync(building, { recursive: true, force: true })
    throw error
  }
}

/** Measures one size on a fresh copy of its seeded folder. */
async function measureSize(votes, { step, loadS, warmupS }) {
  const { folder, seed, built } = await seededFolder(votes, step)
  const bytes = folderBytes(folder) - statSync(join(folder, 'seed.json')).size
  const work = mkdtempSync(join(tmpdir(), `game-picker-history-${votes}-`))
  try {
    cpSync(folder, work, { recursive: true })
    rmSync(join(work, 'seed.json'))
    const db = join(work, 'bench.sqlite')
    const port = await freePort()
    step(`history ${fmtInt(votes)}: starting game-picker serve on a copy (${fmtMb(bytes)})`)
    const spawnedAt = performance.now()
    const server = await startServerProcess(process.execPath, [dist.cliBin, 'serve', '--port', String(port), '--host', '127.0.0.1', '--db', db], {
      port, env: { ADMIN_KEY }, pollMs: 10, timeoutMs: 120_000,
    })
    const readyMs = performance.now() - spawnedAt
    try {
      await sleep(1000)
      const idle = processMemory(server.pid)
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: ADMIN_KEY }),
      })
      const { token } = await login.json()
      let seq = 0
      const votesAt = (connections) => ({
        method: 'POST', path: '/api/votes/live', headers: { authorization: `Bearer ${token}` }, connections,
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ username: `h${votes}-${connections}-${seq++}`, vote: seq % 4 ? 'up' : 'down', timestamp: new Date().toISOString() }),
        }),
      })
      const run = async (label, request) => {
        step(`history ${fmtInt(votes)}: ${label}`)
        return measure({ url: server.url, pid: server.pid, durationS: loadS, warmupS, connections: 10, ...request })
      }
      const results = {
        votes10: await run('live votes, 10 conn', votesAt(10)),
        votes50: await run('live votes, 50 conn', votesAt(50)),
        pick: await run('POST /api/pick, 10 conn', { method: 'POST', path: '/api/pick', body: PICK_FILTERS }),
        stats: await run('GET /api/stats, 10 conn', { path: '/api/stats' }),
        // A page of the vote history from the middle of it: its cost must not grow with the votes stored.
        voteHistory: await run('GET /api/votes (a page of 100 from the middle), 10 conn', {
          path: `/api/votes?limit=100&before=${Math.floor(votes / 2)}`, headers: { authorization: `Bearer ${token}` },
        }),
        // The newest closed session holds votes at every size (seed.mjs imports into the newest ones).
        voteHistorySession: await run('GET /api/votes?session_id (a page of 100 of one session), 10 conn', {
          path: `/api/votes?limit=100&session_id=${seed.activeSessionId - 1}`, headers: { authorization: `Bearer ${token}` },
        }),
      }
      const loaded = processMemory(server.pid)
      return { votes, bytes, seed, built, readyMs, idleRssMb: idle.rssMb, loadedRssMb: loaded.rssMb, peakRssMb: loaded.peakRssMb, results }
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

const LOADS = [
  { key: 'votes10', label: 'live votes (durable), 10 conn', unit: 'votes' },
  { key: 'votes50', label: 'live votes (durable), 50 conn', unit: 'votes' },
  { key: 'pick', label: 'POST /api/pick, 10 conn', unit: 'req' },
  { key: 'stats', label: 'GET /api/stats, 10 conn', unit: 'req' },
  { key: 'voteHistory', label: 'GET /api/votes, a page of 100 from the middle, 10 conn', unit: 'req' },
  { key: 'voteHistorySession', label: 'GET /api/votes?session_id (the newest session\'s page of 100), 10 conn', unit: 'req' },
]

/** Runs the group; returns rows in bench/run.mjs's shape, plus the raw measurements. */
export async function runHistory({ step = () => {}, loadS = 5, warmupS = 1, sizes = historySizes() } = {}) {
  const measured = []
  const notes = []
  for (const votes of sizes) measured.push(await measureSize(votes, { step, loadS, warmupS }))
  const base = measured[0]
  const top = measured.at(-1)
  const rows = []
  for (const m of measured) {
    const name = `History ${fmtInt(m.votes)} votes (${fmtMb(m.bytes)})`
    const startPass = m.readyMs < TARGETS.readyMs && m.idleRssMb < TARGETS.idleRssMb && m.loadedRssMb < TARGETS.loadedRssMb
    rows.push({
      id: `history-${m.votes}-start`, group: 'history', name: `${name}: start, memory`,
      result: `ready ${fmtMs(m.readyMs)} after spawn; RSS ${Math.round(m.idleRssMb)} MB idle, ${Math.round(m.loadedRssMb)} MB after the load rows (peak ${Math.round(m.peakRssMb)} MB); file ${fmtMb(m.bytes)}`,
      baseline: m === base ? '-' : `${fmtInt(base.votes)}: ready ${fmtMs(base.readyMs)}, RSS ${Math.round(base.idleRssMb)} / ${Math.round(base.loadedRssMb)} MB`,
      target: `ready < 2 s, RSS < ${TARGETS.idleRssMb} MB idle, < ${TARGETS.loadedRssMb} MB loaded`,
      measured: `${fmtMs(m.readyMs)}, ${Math.round(m.idleRssMb)} / ${Math.round(m.loadedRssMb)} MB`,
      pass: startPass,
      values: { votes: m.votes, bytes: m.bytes, readyMs: m.readyMs, idleRssMb: m.idleRssMb, loadedRssMb: m.loadedRssMb, peakRssMb: m.peakRssMb },
    })
    for (const load of LOADS) {
      const r = m.results[load.key]
      const b = base.results[load.key]
      const ratio = b.rps / r.rps // how many times slower than the smallest size
      const judged = m === top && m !== base
      const pass = r.max < TARGETS.maxLatencyMs && r.non2xx === 0 && r.errors === 0 && (!judged || ratio <= TARGETS.throughputRatio)
      rows.push({
        id: `history-${m.votes}-${load.key}`, group: 'history', name: `${name}: ${load.label}`,
        result: `${fmtInt(r.rps)} ${load.unit}/s, p99 ${r.p99} ms, max ${r.max} ms${r.non2xx || r.errors ? `, non-2xx ${r.non2xx}, errors ${r.errors}` : ''}`,
        baseline: m === base ? '-' : `${fmtInt(base.votes)}: ${fmtInt(b.rps)}/s, max ${b.max} ms (x${(1 / ratio).toFixed(2)})`,
        target: judged ? `max < ${TARGETS.maxLatencyMs} ms; within ${TARGETS.throughputRatio}x of ${fmtInt(base.votes)}` : `max < ${TARGETS.maxLatencyMs} ms`,
        measured: `${fmtInt(r.rps)}/s${judged ? ` (x${(1 / ratio).toFixed(2)})` : ''}, max ${r.max} ms`,
        pass,
        values: { votes: m.votes, rps: r.rps, p50: r.p50, p99: r.p99, max: r.max, cpuUsPerReq: r.cpuUsPerReq, non2xx: r.non2xx, errors: r.errors, ratioToBase: 1 / ratio },
      })
    }
  }
  if (top.votes < HISTORY_SIZES.at(-1)) {
    notes.push(`history: sizes up to ${fmtInt(top.votes)} votes only (BENCH_HISTORY_MAX)${top === base ? '' : '; the throughput target is judged at that size'}`)
  }
  for (const m of measured) if (m.built) notes.push(`history: seeded ${fmtInt(m.votes)} votes in ${fmtMs(m.seed.seedMs)} (cached in ${cacheRoot()})`)
  // Folders of another key are left alone: another checkout may be using them right now.
  const current = `-v${SEED_FORMAT}-${seedKey()}`
  const others = readdirSync(cacheRoot()).filter((entry) => /^votes-\d+-/.test(entry) && !entry.endsWith(current))
  if (others.length) {
    const bytes = others.reduce((sum, entry) => sum + folderBytes(join(cacheRoot(), entry)), 0)
    notes.push(`history: ${others.length} other seeded folder(s) in ${cacheRoot()} (${fmtMb(bytes)}, older seeds or other checkouts): delete them when unused`)
  }
  return { rows, notes, raw: measured }
}

function fmtInt(n) {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : String(n)
}
function fmtMs(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`
}
function fmtMb(bytes) {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(0)} MB`
}

// Alone: the table on stdout, then the rows as one JSON line (as the other bench/lib scripts end).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now()
  const step = (text) => process.stderr.write(`[history ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}\n`)
  const { rows, notes, raw } = await runHistory({ step, loadS: process.env.BENCH_QUICK === '1' ? 2 : 5 })
  console.table(rows.map((r) => ({ row: r.name, result: r.result, target: r.target, status: r.pass === null ? '' : r.pass ? 'PASS' : 'MISS' })))
  for (const note of notes) console.log(`note: ${note}`)
  process.stdout.write(`${JSON.stringify({ rows, notes, raw })}\n`)
}
