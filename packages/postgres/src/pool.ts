// The connection pool and its limits. A database that is down or unreachable must make calls
// fail within seconds (never hang a request), must never crash the process, and must be
// reconnected to by itself: connect and query timeouts bound every call, a connection that
// failed is thrown away instead of being reused, and every error event has a listener.
import pg from 'pg'

export interface PoolLimits {
  /** Connections this instance may hold (default 5, so 4 instances fit PostgreSQL's default 100). */
  poolSize?: number
  /** Longest wait to connect or for a free connection (default 3000 ms). */
  connectTimeoutMs?: number
  /** Longest a statement may run, on the server and as seen by the client (default 5000 ms). */
  queryTimeoutMs?: number
}

// BIGINT (int8) columns and COUNT(*) come back as JS numbers, as SQLite integers do. Values
// stay within Number.MAX_SAFE_INTEGER: the core only ever writes safe integers.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

export function connectionConfig(url: string, limits: PoolLimits = {}): pg.ClientConfig {
  const queryTimeout = limits.queryTimeoutMs ?? 5000
  return {
    connectionString: url,
    types,
    connectionTimeoutMillis: limits.connectTimeoutMs ?? 3000,
    query_timeout: queryTimeout + 1000, // the server's statement_timeout answers first when it can
    statement_timeout: queryTimeout,
    // A connection left inside a transaction by a stuck or cut-off instance releases its locks.
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
    application_name: 'game-picker',
  }
}

export function createPool(url: string, limits: PoolLimits, log: (line: string) => void): pg.Pool {
  const pool = new pg.Pool({ ...connectionConfig(url, limits), max: limits.poolSize ?? 5, idleTimeoutMillis: 30_000 })
  // Idle connections that die (server restart, network cut) are dropped by the pool; without a
  // listener their error would be an uncaught exception.
  pool.on('error', (error) => log(`PostgreSQL connection lost: ${error.message}`))
  return pool
}

const WATCHED = Symbol('game-picker.watched')

/** A connection checked out of the pool, with a listener for errors while it is in our hands. */
export async function checkOut(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect()
  const watched = client as pg.PoolClient & { [WATCHED]?: true }
  if (!watched[WATCHED]) {
    watched[WATCHED] = true
    // The query that was running rejects on its own; this only keeps the event from crashing us.
    client.on('error', () => {})
  }
  return client
}
