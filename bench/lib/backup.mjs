#!/usr/bin/env node
// The "backup" group: `game-picker db backup` of the history database (bench/lib/history.mjs's
// seeded folder, 10,000,000 votes by default) while `game-picker serve` on it takes live votes
// on 50 connections. The server makes the copy (db backup asks the process holding the file);
// measured: how long the command takes (copy, fsync, integrity_check, rename), the server's RSS
// while it runs (sampled every 100 ms) and the votes' latency over the whole backup.
//   node bench/lib/backup.mjs           this group alone (prints a table and, last, one JSON line)
//   BENCH_BACKUP_VOTES=1000000          the history size to back up (default 10,000,000)
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { dist, freePort, processMemory, startServerProcess } from './common.mjs'
import { seededFolder } from './history.mjs'
import { measure } from './load.mjs'

const ADMIN_KEY = 'bench-admin-key'
const TARGETS = { rssMb: 200, maxLatencyMs: 100 }
export const backupVotes = () => Number(process.env.BENCH_BACKUP_VOTES ?? 10_000_000)

/** Runs the group; returns rows in bench/run.mjs's shape, plus the raw measurements. */
export async function runBackup({ step = () => {}, votes = backupVotes() } = {}) {
  const { folder } = await seededFolder(votes, step)
  const work = mkdtempSync(join(tmpdir(), `game-picker-backup-${votes}-`))
  try {
    cpSync(folder, work, { recursive: true })
    rmSync(join(work, 'seed.json'))
    const db = join(work, 'bench.sqlite')
    const bytes = statSync(db).size
    const port = await freePort()
    step(`backup ${fmtInt(votes)}: starting game-picker serve on a copy (${fmtMb(bytes)})`)
    const server = await startServerProcess(process.execPath, [dist.cliBin, 'serve', '--port', String(port), '--host', '127.0.0.1', '--db', db], {
      port, env: { ADMIN_KEY }, pollMs: 10, timeoutMs: 120_000,
    })
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
      const before = await measure({ ...votes50, warmupS: 1, durationS: 3 }) // the load without a backup, for comparison
      const rssBefore = processMemory(server.pid).rssMb

      // The load runs in 3 s rounds (back to back) for as long as the backup takes. Each round is
      // put in the phase the backup was in: "copy" while its temporary file grows, "check" while
      // it stands complete (the integrity check), "other" for the start and the rename.
      const target = join(work, 'backup.sqlite')
      const partialSize = () => (existsSync(`${target}.partial`) ? statSync(`${target}.partial`).size : -1)
      let backingUp = true
      const rounds = []
      const loading = (async () => {
        while (backingUp) {
          const from = partialSize()
          const round = await measure({ ...votes50, warmupS: 0, durationS: 3 })
          const to = partialSize()
          rounds.push({ ...round, phase: to > from ? 'copy' : to >= 0 && to === from ? 'check' : 'other' })
        }
      })()
      let rssMax = 0
      const sampler = setInterval(() => { rssMax = Math.max(rssMax, processMemory(server.pid).rssMb) }, 100)
      const started = performance.now()
      const result = await new Promise((resolve) => {
        execFile(process.execPath, [dist.cliBin, 'db', 'backup', '--db', db, '--to', target], { timeout: 3_600_000 }, (error, stdout, stderr) =>
          resolve({ code: error ? error.code ?? 1 : 0, stdout, stderr }))
      })
      const durationMs = performance.now() - started
      backingUp = false
      clearInterval(sampler)
      await loading
      if (result.code !== 0) throw new Error(`db backup failed (${result.code}): ${result.stderr}`)
      // The same load once more without a backup: the machine's own noise, after as well as before.
      const after = await measure({ ...votes50, warmupS: 0, durationS: 3 })
      const during = summarize(rounds)
      const phases = Object.fromEntries(['copy', 'check'].map((phase) => [phase, summarize(rounds.filter((r) => r.phase === phase))]))
      const backupBytes = existsSync(target) ? statSync(target).size : 0
      return {
        votes, bytes, backupBytes, durationMs, rssBefore, rssMax, before: { rps: before.rps, p99: before.p99, max: before.max },
        after: { rps: after.rps, p99: after.p99, max: after.max }, during, phases, stdout: result.stdout.trim(),
      }
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** The rounds of one stretch of load as one: votes/s, the worst p99 and max, the failures. */
function summarize(rounds) {
  const votes = rounds.reduce((sum, r) => sum + r.ok, 0)
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0)
  return {
    votes, seconds, rps: votes / Math.max(1, seconds), rounds: rounds.length,
    p99: Math.max(0, ...rounds.map((r) => r.p99)),
    max: Math.max(0, ...rounds.map((r) => r.max)),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  }
}

const phaseText = ({ copy, check }) =>
  `copying ${copy.rounds * 3} s: p99 ${copy.p99} ms, max ${copy.max} ms; checking ${check.rounds * 3} s: p99 ${check.p99} ms, max ${check.max} ms`

export function backupRows(m) {
  const pass = m.rssMax < TARGETS.rssMb && m.during.max < TARGETS.maxLatencyMs && m.during.non2xx === 0 && m.during.errors === 0
  return [{
    id: `backup-${m.votes}`, group: 'backup',
    name: `Backup of the ${fmtInt(m.votes)}-vote history database (${fmtMb(m.bytes)}) under live votes, 50 conn`,
    result: `db backup ${fmtS(m.durationMs)} (copy, fsync, integrity_check, rename; ${fmtMb(m.backupBytes)}); server RSS ${Math.round(m.rssBefore)} MB before, max ${Math.round(m.rssMax)} MB during; votes meanwhile ${fmtInt(m.during.rps)}/s, p99 ${m.during.p99} ms, max ${m.during.max} ms (${phaseText(m.phases)})${m.during.non2xx || m.during.errors ? `, non-2xx ${m.during.non2xx}, errors ${m.during.errors}` : ''}`,
    baseline: `without a backup: ${fmtInt(m.before.rps)} votes/s, p99 ${m.before.p99} ms, max ${m.before.max} ms before; ${fmtInt(m.after.rps)}/s, p99 ${m.after.p99} ms, max ${m.after.max} ms after`,
    target: `server RSS < ${TARGETS.rssMb} MB, max request latency < ${TARGETS.maxLatencyMs} ms`,
    measured: `${fmtS(m.durationMs)}, RSS max ${Math.round(m.rssMax)} MB, max ${m.during.max} ms`,
    pass,
    values: { votes: m.votes, bytes: m.bytes, durationMs: m.durationMs, rssMaxMb: m.rssMax, rssBeforeMb: m.rssBefore, ...Object.fromEntries(Object.entries(m.during).map(([k, v]) => [`during_${k}`, v])),
      copyP99: m.phases.copy.p99, copyMax: m.phases.copy.max, checkP99: m.phases.check.p99, checkMax: m.phases.check.max },
  }]
}

function fmtInt(n) {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : String(n)
}
function fmtS(ms) {
  return `${(ms / 1000).toFixed(1)} s`
}
function fmtMb(bytes) {
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
