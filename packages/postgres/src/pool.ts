// The connection pool and its limits. A database that is down or unreachable must make calls
// fail within seconds (never hang a request), must never crash the process, and must be
// reconnected to by itself: connect and query timeouts bound every call, a connection that
// failed is thrown away instead of being reused, and every error event has a listener.
import pg from 'pg'

export interface PoolLimits {
  /**
   * Pooled connections this instance may hold (default 16; opened as load needs them, closed
   * after 30 s idle). Each commit waits for its WAL flush, and PostgreSQL flushes the commits
   * that wait together at once, so the pool bounds the writes per flush. With the store's three
   * own connections (changes, checks, sequencer), 4 instances fit PostgreSQL's default 100.
   */
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
  const pool = new pg.Pool({ ...connectionConfig(url, limits), max: limits.poolSize ?? 16, idleTimeoutMillis: 30_000 })
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

export interface Dedicated {
  query(text: string | pg.QueryConfig, params?: unknown[]): Promise<pg.QueryResult>
  close(): Promise<void>
}

/**
 * One connection of its own for work that runs one statement at a time off the pool (cache
 * checks, the event sequencer), so it never waits behind requests for a pooled connection.
 * Connected on first use; a connection that failed is dropped and the next call connects anew.
 */
export function dedicatedConnection(
  url: string, limits: PoolLimits, isBroken: (error: unknown) => boolean, settings: Record<string, string> = {},
): Dedicated {
  let client: Promise<pg.Client> | undefined
  let closed = false
  const connect = (): Promise<pg.Client> => {
    const options = Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`).join(' ')
    const next = new pg.Client({ ...connectionConfig(url, limits), ...(options ? { options } : {}) })
    const connecting: Promise<pg.Client> = next.connect().then(() => next, async (error) => {
      if (client === connecting) client = undefined
      await next.end().catch(() => {})
      throw error
    })
    next.on('error', () => { if (client === connecting) client = undefined })
    client = connecting
    return connecting
  }
  return {
    async query(text, params) {
      if (closed) throw new Error('Client was closed')
      const current = client ?? connect()
      const ready = await current
      try {
        return await (typeof text === 'string' ? ready.query(text, params) : ready.query(text))
      } catch (error) {
        if (isBroken(error)) {
          if (client === current) client = undefined
          await ready.end().catch(() => {})
        }
        throw error
      }
    },
    async close() {
      closed = true
      const current = client
      client = undefined
      await current?.then((ready) => ready.end()).catch(() => {})
    },
  }
}
