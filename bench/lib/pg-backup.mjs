#!/usr/bin/env node
// The "pgbackup" group: a backup of a PostgreSQL database made by the server that serves it
// (`serve --db postgres://... --backup-dir DIR`, started with POST /api/backups) while that server
// takes durable live votes on 50 connections. The database is the history group's seeded file
// (1,000,000 votes by default, cached by history.mjs) copied into PostgreSQL with `db copy`.
// Measured: the backup's duration (snapshot read, file written, integrity_check, rename), the
// server's RSS, and the votes' p99 and max latency during it beside the same load without one.
//   node bench/lib/pg-backup.mjs           this group alone (prints a table and, last, one JSON line)
//   BENCH_PG_BACKUP_VOTES=100000           the history size to back up (default 1,000,000)
//   BENCH_QUICK=1                          10 s of load before and after instead of 60 s and 30 s
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { fmtInt, fmtMb, fmtS, phaseRecorder } from './backup.mjs'
import { dist, freePort, load, processMemory, sleep, startServerProcess } from './common.mjs'
import { seededFolder } from './history.mjs'
import { startLoad } from './load.mjs'
import { copyToPostgres, PG_SECRET_KEY_ENV, startPostgres } from './postgres.mjs'

const ADMIN_KEY = 'bench-admin-key'
/** The backup may add at most this to the worst vote latency of the same load without one. */
const TARGETS = { rssMb: 200, extraMaxMs: 100 }
const QUICK = process.env.BENCH_QUICK === '1'
const BEFORE_MS = QUICK ? 10_000 : 60_000
const AFTER_MS = QUICK ? 10_000 : 30_000
export const pgBackupVotes = () => Number(process.env.BENCH_PG_BACKUP_VOTES ?? 1_000_000)

/** Runs the group; returns the raw measurements (pgBackupRows turns them into rows). */
export async function runPgBackup({ step = () => {}, votes = pgBackupVotes() } = {}) {
  const { folder } = await seededFolder(votes, step)
  const work = mkdtempSync(join(tmpdir(), `game-picker-pgbackup-${votes}-`))
  step(`pgbackup ${fmtInt(votes)}: starting PostgreSQL and copying the seeded database into it (db copy)`)
  const pg = await startPostgres()
  let server
  let votesLoad
  try {
    const copyStarted = performance.now()
    const { url } = await copyToPostgres({ pg, sqliteFile: join(folder, 'bench.sqlite') })
    const copyMs = performance.now() - copyStarted
    const dir = join(work, 'backups')
    // A backup "made" just now, so the schedule's first is a day away and POST starts the measured one.
    const { backupName } = await load(dist.sqlite)
    mkdirSync(dir)
    writeFileSync(join(dir, backupName(new Date())), '')
    const port = await freePort()
    step(`pgbackup ${fmtInt(votes)}: game-picker serve --db postgres://... --backup-dir, live votes on 50 connections`)
    server = await startServerProcess(process.execPath, [dist.cliBin, 'serve', '--port', String(port), '--db', url, '--backup-dir', dir], {
      port, env: { ADMIN_KEY, ...PG_SECRET_KEY_ENV }, timeoutMs: 120_000,
    })
    const token = (await (await fetch(`${server.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: ADMIN_KEY }),
    })).json()).token
    const admin = { authorization: `Bearer ${token}` }
    let seq = 0
    const { enter, onResponse, stats } = phaseRecorder()
    votesLoad = startLoad({
      url: server.url, method: 'POST', path: '/api/votes/live', headers: admin, connections: 50, onResponse,
      setupRequest: (req) => ({
        ...req, body: JSON.stringify({ username: `pgb${votes}-${seq++}`, vote: seq % 4 ? 'up' : 'down', timestamp: new Date().toISOString() }),
      }),
    })
    await sleep(3_000)
    enter('before')
    await sleep(BEFORE_MS)
    const rssBefore = processMemory(server.pid).rssMb
    let rssMax = rssBefore
    const sampler = setInterval(() => { rssMax = Math.max(rssMax, processMemory(server.pid).rssMb) }, 100)
    enter('during')
    const started = performance.now()
    const answer = await fetch(`${server.url}/api/backups`, { method: 'POST', headers: admin })
    const { file } = await answer.json()
    if (answer.status !== 202) throw new Error(`POST /api/backups answered ${answer.status}`)
    // Listed once complete, checked and renamed; a failure is only logged, so the server's log says why.
    while (!readdirSync(dir).includes(file)) {
      if (performance.now() - started > 3_600_000) throw new Error(`no backup after an hour: ${server.log().slice(-1000)}`)
      if (/Backup .* failed/.test(server.log())) throw new Error(server.log().slice(-1000))
      await sleep(100)
    }
    const durationMs = performance.now() - started
    clearInterval(sampler)
    enter('after')
    await sleep(AFTER_MS)
    enter('stopped')
    const total = await votesLoad.stop()
    votesLoad = undefined
    return {
      votes, copyMs, durationMs, loadErrors: total.errors, timeouts: total.timeouts, backupBytes: statSync(join(dir, file)).size, rssBefore, rssMax,
      before: stats(['before']), during: stats(['during']), after: stats(['after']),
    }
  } finally {
    await votesLoad?.stop().catch(() => {})
    await server?.stop()
    await pg.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

export function pgBackupRows(m) {
  const baseline = Math.max(m.before.max, m.after.max)
  const pass = m.rssMax < TARGETS.rssMb && m.during.max < baseline + TARGETS.extraMaxMs && m.during.non2xx === 0 && !m.loadErrors
  return [{
    id: `pgbackup-${m.votes}`, group: 'pgbackup',
    name: `PostgreSQL backup (serve --backup-dir, POST /api/backups) of the ${fmtInt(m.votes)}-vote database under live votes, 50 conn`,
    result: `backup ${fmtS(m.durationMs)} (one snapshot read in pages, file written, integrity_check, rename; ${fmtMb(m.backupBytes)}); server RSS ${Math.round(m.rssBefore)} MB before, max ${Math.round(m.rssMax)} MB during; votes meanwhile ${fmtInt(m.during.rps)}/s, p99 ${m.during.p99} ms, max ${m.during.max} ms${m.during.non2xx ? `, non-2xx ${m.during.non2xx}` : ''}${m.loadErrors ? `, ${m.loadErrors} connection errors` : ''}`,
    baseline: `without a backup: ${fmtInt(m.before.rps)} votes/s, p99 ${m.before.p99} ms, max ${m.before.max} ms in the ${fmtS(m.before.seconds * 1000)} before; ${fmtInt(m.after.rps)}/s, p99 ${m.after.p99} ms, max ${m.after.max} ms in the ${fmtS(m.after.seconds * 1000)} after`,
    target: `server RSS < ${TARGETS.rssMb} MB, max latency during < ${TARGETS.extraMaxMs} ms beyond the no-backup max`,
    measured: `${fmtS(m.durationMs)}, RSS max ${Math.round(m.rssMax)} MB, max ${m.during.max} ms (no backup: ${baseline} ms)`,
    pass,
    values: { votes: m.votes, durationMs: m.durationMs, copyMs: m.copyMs, rssMaxMb: m.rssMax, rssBeforeMb: m.rssBefore,
      duringP99: m.during.p99, duringMax: m.during.max, beforeP99: m.before.p99, beforeMax: m.before.max, afterP99: m.after.p99, afterMax: m.after.max },
  }]
}

// Alone: the table on stdout, then the rows as one JSON line (as the other bench/lib scripts end).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now()
  const step = (text) => process.stderr.write(`[pgbackup ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}\n`)
  const measured = await runPgBackup({ step })
  const rows = pgBackupRows(measured)
  console.table(rows.map((r) => ({ row: r.name, result: r.result, target: r.target, status: r.pass ? 'PASS' : 'MISS' })))
  process.stdout.write(`${JSON.stringify({ rows, raw: measured })}\n`)
}
