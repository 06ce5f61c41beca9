// Start-up: bring the schema up to date and set up a new database, exactly once however many
// instances start at the same moment. Everything runs under one session-level advisory lock,
// so a second instance waits until the first has migrated and (through `onCreate`) loaded the
// bundled catalogue, then finds nothing left to do.
import pg from 'pg'
import { STARTUP_LOCK } from './advisory-locks.ts'
import { connectionConfig, type PoolLimits } from './pool.ts'
import { migrations } from './schema.ts'

const BOOKKEEPING = /* sql */ `
CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL);
-- One row once the first start finished setting the database up (onCreate included).
CREATE TABLE IF NOT EXISTS store_setup (finished_at TEXT NOT NULL);
`

export interface StartUpOptions extends PoolLimits {
  /** Runs once in the life of a database, after its first migration, while other instances wait. */
  onCreate?: () => Promise<void>
  /** Longest wait for another instance's start-up (default 60 s). */
  startUpTimeoutMs?: number
}

/** Migrates `url`; resolves with whether this start set the database up. */
export async function startUp(url: string, options: StartUpOptions): Promise<{ created: boolean }> {
  // Its own connection: the lock belongs to the session, and migrations may run longer than a query.
  const client = new pg.Client(connectionConfig(url, { ...options, queryTimeoutMs: options.startUpTimeoutMs ?? 60_000 }))
  client.on('error', () => {}) // a lost connection rejects the query in flight
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK])
    await client.query(BOOKKEEPING)
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations')
    const applied = new Set(rows.map((row) => row.version))
    for (const [index, sql] of migrations.entries()) {
      if (applied.has(index + 1)) continue
      await inTransaction(client, async () => {
        await client.query(sql)
        await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)',
          [index + 1, new Date().toISOString()])
      })
    }
    const { rowCount } = await client.query('SELECT 1 FROM store_setup')
    if (rowCount) return { created: false }
    await options.onCreate?.()
    await client.query('INSERT INTO store_setup (finished_at) VALUES ($1)', [new Date().toISOString()])
    return { created: true }
  } finally {
    // Ending the session releases the advisory lock, also when anything above failed.
    await client.end().catch(() => {})
  }
}

async function inTransaction(client: pg.Client, fn: () => Promise<void>): Promise<void> {
  await client.query('BEGIN')
  try {
    await fn()
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  }
}
