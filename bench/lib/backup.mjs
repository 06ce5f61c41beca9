#!/usr/bin/env node
// The "backup" group: `game-picker db backup` of the history database (bench/lib/history.mjs's
// seeded folder, 10,000,000 votes by default) while `game-picker serve` on it takes live votes
// on 50 connections. The server makes the copy (db backup asks the process holding the file);
// measured: how long the command takes (copy, fsync, integrity_check, rename), the server's RSS
// while it runs (sampled every 100 ms) and the votes' latency over the whole backup.
//   node bench/lib/backup.mjs           this group alone (prints a table and, last, one JSON line)
//   BENCH_BACKUP_VOTES=1000000          the history size to back up (default 10,000,000)
import { execFile } from 'node:child_process'
import { closeSync, cpSync, existsSync, fsyncSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { dist, freePort, processMemory, sleep, startServerProcess } from './common.mjs'
import { seededFolder } from './history.mjs'
import { startLoad } from './load.mjs'

const ADMIN_KEY = 'bench-admin-key'
const TARGETS = { rssMb: 200, maxLatencyMs: 100 }
/**
 * The load without a backup, before it (about as long as a 10M-vote backup lasts) and after it:
 * the machine's own latency spikes over a comparable stretch, to set beside the backup's.
 */
const BEFORE_MS = 300_000
const AFTER_MS = 60_000
export const backupVotes = () => Number(process.env.BENCH_BACKUP_VOTES ?? 10_000_000)

/** Runs the group; returns rows in bench/run.mjs's shape, plus the raw measurements. */
export async function runBackup({ step = () => {}, votes = backupVotes() } = {}) {
  const { folder } = await seededFolder(votes, step)
  const work = mkdtempSync(join(tmpdir(), `game-picker-backup-${votes}-`))
  try {
    cpSync(folder, work, { recursive: true })
    rmSync(join(work, 'seed.json'))
    flushCopy(work)
    const db = join(work, 'bench.sqlite')
    const bytes = statSync(db).size
    const port = await freePort()
    step(`backup ${fmtInt(votes)}: starting game-picker serve on a copy (${fmtMb(bytes)})`)
    const server = await startServerProcess(process.execPath, [dist.cliBin, 'serve', '--port', String(port), '--host', '127.0.0.1', '--db', db], {
      port, env: { ADMIN_KEY }, pollMs: 10, timeoutMs: 120_000,
    })
    let load
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: ADMIN_KEY }),
      })
      const { token } = await login.json()
      let seq = 0
      const votes50 = {
        url: server.url, method: 'POST', path: '/api/votes/live', headers: { authorization: `Bearer ${token}` }, connections: 50,
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ username: `b${votes}-${seq++}`, vote: seq % 4 ? 'up' : 'down', timestamp: new Date().toISOString() }),
        }),
      }
      step(`backup ${fmtInt(votes)}: live votes on 50 connections, then db backup beside them`)
      // One stretch of load from before the backup to after it, every response put in the phase
      // the backup was in when it came: "before" and "after" (5 minutes and 1 without a backup, the
      // machine's own noise), "copy" while the temporary file grows, "check" while it stands
      // complete (the integrity check), "other" for the start and the rename.
      const target = join(work, 'backup.sqlite')
      const partialSize = () => (existsSync(`${target}.partial`) ? statSync(`${target}.partial`).size : -1)
      const { enter, onResponse, stats, phase } = phaseRecorder()
      load = startLoad({ ...votes50, onResponse })
      await sleep(3_000)
      enter('before')
      await sleep(BEFORE_MS)
      const rssBefore = processMemory(server.pid).rssMb

      enter('other')
      let lastSize = -1
      const watcher = setInterval(() => {
        const size = partialSize()
        if (size >= 0) enter(size > lastSize ? 'copy' : 'check')
        else if (phase() !== 'other') enter('other')
        lastSize = size
      }, 200)
      let rssMax = 0
      const sampler = setInterval(() => { rssMax = Math.max(rssMax, processMemory(server.pid).rssMb) }, 100)
      const started = performance.now()
      const result = await new Promise((resolve) => {
        execFile(process.execPath, [dist.cliBin, 'db', 'backup', '--db', db, '--to', target], { timeout: 3_600_000 }, (error, stdout, stderr) =>
          resolve({ code: error ? error.code ?? 1 : 0, stdout, stderr }))
      })
      const durationMs = performance.now() - started
      clearInterval(watcher)
      clearInterval(sampler)
      enter('after')
      await sleep(AFTER_MS)
      enter('stopped')
      const total = await load.stop()
      load = undefined
      if (result.code !== 0) throw new Error(`db backup failed (${result.code}): ${result.stderr}`)
      if (total.errors) throw new Error(`the load had ${total.errors} connection errors`)
      const phases = { copy: stats(['copy']), check: stats(['check']) }
      const backupBytes = existsSync(target) ? statSync(target).size : 0
      return {
        votes, bytes, backupBytes, durationMs, rssBefore, rssMax, before: stats(['before']), after: stats(['after']),
        during: stats(['other', 'copy', 'check']), phases, stdout: result.stdout.trim(),
      }
    } finally {
      await load?.stop().catch(() => {})
      await server.stop()
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/**
 * One stretch of load split by what else happened meanwhile: every response goes to the phase
 * `enter` last named; `stats(names)` summarizes some phases as one.
 */
export function phaseRecorder() {
  const latencies = new Map()
  const seconds = new Map()
  let phase = 'warmup'
  let phaseStarted = performance.now()
  return {
    phase: () => phase,
    enter(next) {
      const now = performance.now()
      seconds.set(phase, (seconds.get(phase) ?? 0) + (now - phaseStarted) / 1000)
      phase = next
      phaseStarted = now
    },
    onResponse(status, ms) {
      let seen = latencies.get(phase)
      if (!seen) latencies.set(phase, seen = { ms: [], ok: 0, non2xx: 0 })
      seen.ms.push(ms)
      if (status >= 200 && status < 300) seen.ok++
      else seen.non2xx++
    },
    stats: (names) => summarize(names.map((name) => ({ ms: [], ok: 0, non2xx: 0, ...latencies.get(name), seconds: seconds.get(name) ?? 0 }))),
  }
}

/**
 * The copy of the seeded folder, flushed to disk before the server starts: left to the kernel's
 * writeback, its gigabytes would still be going out during the backup and be counted against it.
 */
function flushCopy(folder) {
  for (const name of readdirSync(folder)) {
    const fd = openSync(join(folder, name), 'r+')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }
}

/** Responses of some phases as one: votes/s, p99 and max latency (ms), responses over the target per minute, non-2xx. */
export function summarize(parts) {
  const ms = new Float64Array(parts.flatMap((part) => part.ms)).sort()
  const votes = parts.reduce((sum, part) => sum + part.ok, 0)
  const seconds = parts.reduce((sum, part) => sum + part.seconds, 0)
  return {
    votes, seconds, rps: votes / Math.max(1e-3, seconds),
    p99: ms.length ? Math.round(ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))]) : 0,
    max: ms.length ? Math.round(ms[ms.length - 1]) : 0,
    slowPerMin: ms.filter((one) => one >= TARGETS.maxLatencyMs).length / Math.max(1e-3, seconds / 60),
    non2xx: parts.reduce((sum, part) => sum + part.non2xx, 0),
  }
}

const slowText = ({ slowPerMin }) => `${slowPerMin.toFixed(1)} responses of ${TARGETS.maxLatencyMs}+ ms a minute`

const phaseText = ({ copy, check }) =>
  `copying ${fmtS(copy.seconds * 1000)}: p99 ${copy.p99} ms, max ${copy.max} ms; checking ${fmtS(check.seconds * 1000)}: p99 ${check.p99} ms, max ${check.max} ms`

export function backupRows(m) {
  const pass = m.rssMax < TARGETS.rssMb && m.during.max < TARGETS.maxLatencyMs && m.during.non2xx === 0
  return [{
    id: `backup-${m.votes}`, group: 'backup',
    name: `Backup of the ${fmtInt(m.votes)}-vote history database (${fmtMb(m.bytes)}) under live votes, 50 conn`,
    result: `db backup ${fmtS(m.durationMs)} (copy, fsync, integrity_check, rename; ${fmtMb(m.backupBytes)}); server RSS ${Math.round(m.rssBefore)} MB before, max ${Math.round(m.rssMax)} MB during; votes meanwhile ${fmtInt(m.during.rps)}/s, p99 ${m.during.p99} ms, max ${m.during.max} ms, ${slowText(m.during)} (${phaseText(m.phases)})${m.during.non2xx ? `, non-2xx ${m.during.non2xx}` : ''}`,
    baseline: `without a backup: ${fmtInt(m.before.rps)} votes/s, p99 ${m.before.p99} ms, max ${m.before.max} ms, ${slowText(m.before)} in the ${fmtS(m.before.seconds * 1000)} before; ${fmtInt(m.after.rps)}/s, p99 ${m.after.p99} ms, max ${m.after.max} ms, ${slowText(m.after)} in the ${fmtS(m.after.seconds * 1000)} after`,
    target: `server RSS < ${TARGETS.rssMb} MB, max request latency < ${TARGETS.maxLatencyMs} ms`,
    measured: `${fmtS(m.durationMs)}, RSS max ${Math.round(m.rssMax)} MB, max ${m.during.max} ms`,
    pass,
    values: { votes: m.votes, bytes: m.bytes, durationMs: m.durationMs, rssMaxMb: m.rssMax, rssBeforeMb: m.rssBefore, ...Object.fromEntries(Object.entries(m.during).map(([k, v]) => [`during_${k}`, v])),
      copyP99: m.phases.copy.p99, copyMax: m.phases.copy.max, checkP99: m.phases.check.p99, checkMax: m.phases.check.max, slowPerMinDuring: m.during.slowPerMin, slowPerMinBefore: m.before.slowPerMin, slowPerMinAfter: m.after.slowPerMin },
  }]
}

export function fmtInt(n) {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : String(n)
}
export function fmtS(ms) {
  return `${(ms / 1000).toFixed(1)} s`
}
export function fmtMb(bytes) {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(0)} MB`
}

// Alone: the table on stdout, then the rows as one JSON line (as the other bench/lib scripts end).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now()
  const step = (text) => process.stderr.write(`[backup ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}\n`)
  const measured = await runBackup({ step })
  const rows = backupRows(measured)
  console.table(rows.map((r) => ({ row: r.name, result: r.result, target: r.target, status: r.pass ? 'PASS' : 'MISS' })))
  process.stdout.write(`${JSON.stringify({ rows, raw: measured })}\n`)
}
