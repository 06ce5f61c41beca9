// createPostgresStore: the Store on a PostgreSQL database that any number of instances share.
// Transactions are READ COMMITTED; the rules that must hold across instances are constraints
// and triggers in the schema, and a transaction that lost a race (serialization failure,
// deadlock, unique violation) runs again, where the core's own checks now answer properly.
import { randomUUID } from 'node:crypto'
import { type ChangeTopic, DomainError, isDomainError, type Store, type StoreTx } from '@game-picker/core'
import type pg from 'pg'
import { createCatalogueCache } from './catalogue-cache.ts'
import { commitSql, createChangeListener } from './changes.ts'
import { createDb } from './db.ts'
import { isConnectionError, isRetryable, toStoreError } from './errors.ts'
import { startUp, type StartUpOptions } from './migrate.ts'
import { checkOut, createPool } from './pool.ts'
import { createReads } from './reads.ts'
import { describeUrl } from './url.ts'
import { createWrites } from './writes.ts'

export interface PostgresStoreOptions extends Omit<StartUpOptions, 'onCreate'> {
  /** `postgres://USER:PASSWORD@HOST:PORT/DATABASE` (or `postgresql://`). */
  url: string
  /** Runs once in the life of the database, right after its schema is created, while other
   *  instances starting at the same moment wait (the CLI loads the bundled catalogue here). */
  onCreate?: (store: Store) => Promise<void>
  /** Where connection trouble is reported (default: stderr). */
  log?: (line: string) => void
  /** Attempts of a transaction that keeps losing races (default 5). */
  maxAttempts?: number
}

export interface PostgresStore extends Store {
  /** True when this start created the database's schema (and ran `onCreate`). */
  readonly created: boolean
  /** Resolves once the database answers; rejects with UNAVAILABLE otherwise. */
  ping(): Promise<void>
}

export async function createPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const log = options.log ?? ((line: string) => console.error(line))
  const pool = createPool(options.url, options, log)
  const catalogue = createCatalogueCache()
  const maxAttempts = options.maxAttempts ?? 5
  const sender = randomUUID()
  const changes = createChangeListener(options.url, options, sender, log)

  async function withConnection<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient
    try {
      client = await checkOut(pool)
    } catch (error) {
      throw toStoreError(error)
    }
    let broken: Error | undefined
    try {
      return await fn(client)
    } catch (error) {
      if (isConnectionError(error)) broken = error as Error
      throw error
    } finally {
      client.release(broken) // a broken connection is closed, never handed out again
    }
  }

  async function attempt<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    return withConnection(async (client) => {
      const db = createDb(client)
      const topics = new Set<ChangeTopic>()
      await db.run('BEGIN')
      try {
        const tx: StoreTx = { ...createReads(db), ...createWrites(db, (topic) => topics.add(topic)) }
        const result = await fn(tx)
        await db.run(commitSql(topics, sender))
        return result
      } catch (error) {
        // A connection that cannot even roll back is broken: its error makes it be thrown away.
        if (!isConnectionError(error)) {
          await db.run('ROLLBACK').catch((failed) => { throw isConnectionError(failed) ? failed : error })
        }
        throw error
      }
    })
  }

  const store: PostgresStore = {
    created: false,
    read: (fn) => withConnection((client) => {
      const db = createDb(client)
      return fn(createReads(db, catalogue.forRead(db)))
    }).catch((error) => { throw toStoreError(error) }),
    async transaction(fn) {
      for (let attempts = 1; ; attempts++) {
        try {
          return await attempt(fn)
        } catch (error) {
          if (attempts >= maxAttempts || !isRetryable(error)) throw toStoreError(error)
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempts))
        }
      }
    },
    ping: () => store.read(async (tx) => void await tx.getSetting('')),
    subscribe: (listener) => changes.subscribe(listener),
    close: async () => {
      await changes.close()
      await pool.end()
    },
  }

  try {
    const { created } = await startUp(options.url, {
      ...options,
      onCreate: options.onCreate && (() => options.onCreate!(store)),
    })
    return Object.assign(store, { created })
  } catch (error) {
    await pool.end().catch(() => {})
    throw startUpError(error, options.url)
  }
}

/** A start-up failure says which database and why, without the password. */
function startUpError(error: unknown, url: string): unknown {
  if (isDomainError(error)) return error
  const { message, code } = (error ?? {}) as { message?: string; code?: string }
  return new DomainError('UNAVAILABLE', `Database unavailable: ${message || code || String(error)} (${describeUrl(url)})`)
}
