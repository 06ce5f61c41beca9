// createPostgresStore: the Store on a PostgreSQL database that any number of instances share.
// Write transactions are READ COMMITTED; the rules that must hold across instances are
// constraints and triggers in the schema, and a transaction that lost a race (serialization
// failure, deadlock, unique violation) runs again, where the core's own checks now answer
// properly. Reads are one REPEATABLE READ snapshot, or, when they only need what the caches
// hold, one cache snapshot, kept coherent across servers or checked after they began (caches.ts,
// coherence.ts). Nothing every write must take
// in turn: counters are per-session deltas, event ids come from the sequencer after the commit
// (sequencer.ts), and so do the notifications.
import { randomUUID } from 'node:crypto'
import {
  type ChangeTopic, DomainError, isDomainError, type LiveVoteRecord, type SnapshotFileWriter, type Store, type StoreReads, type StoreTx,
} from '@game-picker/core'
import type pg from 'pg'
import { createPostgresBackup, type PostgresBackup } from './backup.ts'
import { createCaches, type Snapshot } from './caches.ts'
import { createChangeListener } from './changes.ts'
import { createCoherence } from './coherence.ts'
import { createPollVoteBatches } from './poll-vote-batches.ts'
import { createBatchDb } from './db.ts'
import { isConnectionError, isRetryable, toStoreError } from './errors.ts'
import { startUp, type StartUpOptions } from './migrate.ts'
import { checkOut, createPool, dedicatedConnection } from './pool.ts'
import { createReads } from './reads.ts'
import { createSequencer } from './sequencer.ts'
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
  /**
   * Serve reads from the caches without checking them first, kept coherent with every other
   * instance by notifications (coherence.ts): for servers. Default false: each cached read is
   * checked (a command that runs once).
   */
  holdCaches?: boolean
  /**
   * A database that cannot be reached at start does not fail the start: the store is returned,
   * every call answers UNAVAILABLE until the database answers and is set up (retried with a
   * growing pause, up to 5 s), and `ready` then resolves. Other start-up errors still throw.
   */
  waitForDatabase?: boolean
  /** Online backups into a file database (backup.ts), written by this writer (the sqlite store's) in this process. */
  backupFile?: SnapshotFileWriter
  /** Online backups made elsewhere (the CLI's server makes each in a child process); before `backupFile`. Absent both: none. */
  backup?: PostgresBackup
}

export interface PostgresStore extends Store {
  /** True when this start created the database's schema (and ran `onCreate`). */
  readonly created: boolean
  /** Resolves once the database is set up (at once unless `waitForDatabase` had to wait). */
  readonly ready: Promise<{ created: boolean }>
  /** Resolves once the database answers; rejects with UNAVAILABLE otherwise. */
  ping(): Promise<void>
  /** How many times the caches were checked against the database so far (tests, benchmarks). */
  cacheChecks(): number
}

export async function createPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const log = options.log ?? ((line: string) => console.error(line))
  const pool = createPool(options.url, options, log)
  const maxAttempts = options.maxAttempts ?? 5
  const sender = randomUUID()
  const changes = createChangeListener(options.url, options, sender, log)
  // The check's plan is the same whatever the versions; planning it each time costs more than running it.
  const checker = dedicatedConnection(options.url, options, isConnectionError, { plan_cache_mode: 'force_generic_plan' })
  const coherence = createCoherence({ url: options.url, limits: options, owner: sender, hold: options.holdCaches ?? false, log })
  const caches = createCaches((query) => checker.query(query), coherence)
  const sequencerConnection = dedicatedConnection(options.url, options, isConnectionError)
  const localListeners = new Set<(topic: ChangeTopic) => void>()
  const sequencer = createSequencer(sequencerConnection, sender, coherence, {
    log,
    onForeignEvents: () => localListeners.forEach((listener) => listener('events')),
  })
  const backup = options.backup ?? (options.backupFile && createPostgresBackup({ ...options, writeFile: options.backupFile }))
  const folder = setInterval(() => void foldCounters(), 5 * 60_000)
  folder.unref()

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
    const topics = new Set<ChangeTopic>()
    let txid: string | null = null
    let cacheChanged = false
    const result = await withConnection(async (client) => {
      const db = createBatchDb(client, 'BEGIN')
      try {
        const writes = createWrites(db, (topic) => topics.add(topic))
        const result = await fn(withCaches(createReads(db), writes))
        // The triggers say whether cached data changed (schema-cache-holders.ts).
        const ended = await db.finish(`SELECT pg_current_xact_id_if_assigned()::text AS txid,
          current_setting('game_picker.cache_changed', true) = '1' AS cache_changed; COMMIT`)
        const row = ended.find((one) => one.fields?.some((field) => field.name === 'txid'))?.rows[0]
        txid = row?.txid ?? null
        cacheChanged = row?.cache_changed === true
        if (cacheChanged) coherence.changed()
        return result
      } catch (error) {
        // A connection that cannot even roll back is broken: its error makes it be thrown away.
        if (db.begun && !isConnectionError(error)) {
          await client.query('ROLLBACK').catch((failed) => { throw isConnectionError(failed) ? failed : error })
        }
        throw error
      }
    })
    await sequencer.afterCommit(txid, topics, cacheChanged)
    return result
  }

  /**
   * A write transaction's reads, with the active session, its timeline and the webhooks from
   * the cache (checked once, after the transaction began: what a statement would have read)
   * until the transaction writes to them or takes a lock (a read-then-write rule reads afresh).
   */
  function withCaches(reads: StoreReads, writes: ReturnType<typeof createWrites>): StoreTx {
    let snapshot: Promise<Snapshot> | undefined
    const cached = () => (snapshot ??= caches.current(false))
    const dirty = { sessions: false, webhooks: false }
    const marking = <K extends keyof typeof writes>(group: keyof typeof dirty, names: K[]) =>
      Object.fromEntries(names.map((name) => [name, (...args: unknown[]) => {
        dirty[group] = true
        return (writes[name] as (...a: unknown[]) => unknown)(...args)
      }]))
    return {
      ...reads,
      ...writes,
      ...marking('sessions', ['insertSession', 'closeSession', 'deleteSession', 'insertSessionGame', 'updateSessionGame',
        'finishPlaying', 'deleteSessionGame', 'deleteGame', 'lock']),
      ...marking('webhooks', ['insertWebhook', 'updateWebhook', 'deleteWebhook']),
      getActiveSession: async () => (dirty.sessions ? reads.getActiveSession() : (await cached()).active),
      listSessionTimeline: async (sessionId) => {
        if (dirty.sessions) return reads.listSessionTimeline(sessionId)
        const { active, timeline } = await cached()
        return active?.id === sessionId ? timeline : reads.listSessionTimeline(sessionId)
      },
      listWebhooks: async () => (dirty.webhooks ? reads.listWebhooks() : (await cached()).webhooks),
    } as StoreTx
  }

  /** Reads that need only cached parts use one checked cache snapshot; any other read restarts as a transaction. */
  async function read<T>(fn: (tx: StoreReads) => Promise<T>): Promise<T> {
    let snapshot: Promise<Snapshot> | undefined
    const cached = () => (snapshot ??= caches.current(true))
    let needsDatabase = false
    const restart = () => {
      needsDatabase = true
      throw RESTART
    }
    const fromCache = new Proxy({} as StoreReads, {
      get: (_, name: keyof StoreReads) => {
        switch (name) {
          case 'listGames': return async () => (await cached()).games!
          case 'listPacks': return async () => (await cached()).packs!
          case 'countSessions': return async () => ({ ...(await cached()).counts })
          case 'getActiveSession': return async () => (await cached()).active
          case 'listWebhooks': return async () => (await cached()).webhooks
          // Every authenticated request: no statement of its own, the shared check covers it.
          case 'findApiToken': return async (hash: string) => (await cached()).tokens.get(hash) ?? null
          case 'listSessionTimeline': return async (sessionId: number) => {
            const { active, timeline } = await cached()
            return active?.id === sessionId ? timeline : restart()
          }
          default: return async () => restart()
        }
      },
    })
    try {
      return await fn(fromCache)
    } catch (error) {
      if (!needsDatabase) throw error
    }
    return withConnection(async (client) => {
      // One snapshot across the read's statements; BEGIN goes with the first one.
      const db = createBatchDb(client, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
      try {
        const result = await fn(createReads(db))
        await db.finish('COMMIT')
        return result
      } catch (error) {
        if (db.begun && !isConnectionError(error)) await client.query('ROLLBACK').catch(() => {})
        throw error
      }
    })
  }

  async function foldCounters(): Promise<void> {
    // Moves the counter deltas into the games' rows (the sums read are the same before and after).
    await sequencerConnection.query(`WITH moved AS (DELETE FROM game_counter_deltas RETURNING *),
      sums AS (SELECT game_id, SUM(play_count) AS plays, SUM(upvotes) AS up, SUM(downvotes) AS down FROM moved GROUP BY game_id)
      UPDATE games g SET play_count = g.play_count + s.plays, upvotes = g.upvotes + s.up, downvotes = g.downvotes + s.down,
        popularity_score = g.popularity_score + s.up - s.down
      FROM sums s WHERE g.id = s.game_id AND EXISTS (SELECT 1 FROM game_counter_deltas)`).catch(() => {})
  }

  let setUp = false
  let closed = false
  const gate = () => {
    if (!setUp) throw new DomainError('UNAVAILABLE', 'Database unavailable')
  }

  const readNow: Store['read'] = (fn) => read(fn).catch((error) => { throw toStoreError(error) })
  const transactionNow: Store['transaction'] = async (fn) => {
    for (let attempts = 1; ; attempts++) {
      try {
        return await attempt(fn)
      } catch (error) {
        if (attempts >= maxAttempts || !isRetryable(error)) throw toStoreError(error)
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempts))
      }
    }
  }

  // Live votes go in batches: up to VOTE_BATCHES statements at once, each carrying every vote
  // that waited for one, in one transaction, so a busy server pays one commit (one WAL flush)
  // for many votes instead of one each. A quiet server sends each vote at once, alone.
  interface PendingVote { values: string[]; resolve: (record: LiveVoteRecord | null) => void; reject: (error: unknown) => void }
  const pendingVotes: PendingVote[] = []
  let voteBatches = 0
  const sendVotes = () => {
    while (voteBatches < VOTE_BATCHES && pendingVotes.length > 0) {
      voteBatches += 1
      void recordVotes(pendingVotes.splice(0, 100)).finally(() => {
        voteBatches -= 1
        sendVotes()
      })
    }
  }
  async function recordVotes(batch: PendingVote[]): Promise<void> {
    for (let attempts = 1; ; attempts++) {
      try {
        const { rows: [{ answers }] } = await withConnection((client) => client.query({
          name: 'game-picker-live-votes', text: 'SELECT record_live_votes($1::text[]) AS answers',
          values: [batch.flatMap((vote) => vote.values)],
        }))
        const rows = (answers as (string | null)[]).map((answer) => (answer === null ? null : JSON.parse(answer)))
        const recorded = rows.filter((row) => row !== null)
        if (recorded.length > 0) {
          const topics = new Set<ChangeTopic>(['events'])
          if (recorded.some((row) => row.deliveries > 0)) topics.add('deliveries')
          coherence.changed() // the games' counters
          await sequencer.afterCommit(recorded[0].txid, topics, true)
        }
        batch.forEach((vote, i) => vote.resolve(rows[i] && {
          session: { id: rows[i].session_id, games_played: rows[i].games_played },
          game: {
            id: rows[i].game_id, title: rows[i].title, upvotes: rows[i].upvotes, downvotes: rows[i].downvotes,
            popularity_score: rows[i].popularity_score,
          },
          deliveries: rows[i].deliveries,
        }))
        return
      } catch (error) {
        if (attempts < maxAttempts && isRetryable(error)) {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempts))
          continue
        }
        // Each vote its own answer: alone, the one that fails fails by itself.
        if (batch.length > 1 && !isConnectionError(error)) return void await Promise.all(batch.map((vote) => recordVotes([vote])))
        batch.forEach((vote) => vote.reject(toStoreError(error)))
        return
      }
    }
  }

  const pollVotes = createPollVoteBatches({ withConnection, maxAttempts })

  const store: PostgresStore = {
    created: false,
    ready: undefined as never,
    read: async (fn) => {
      gate()
      return readNow(fn)
    },
    async transaction(fn) {
      gate()
      return transactionNow(fn)
    },
    // One statement (a PL/pgSQL function, schema-no-queues.ts), shared with the votes that
    // arrive meanwhile (see recordVotes); the event is then numbered as any transaction's is.
    // Text holding NUL takes the general path, which refuses it in order.
    async recordLiveVote(vote) {
      gate()
      const values = [vote.username, vote.type, vote.timestamp, vote.from, vote.to, vote.now]
      if (values.some((value) => value.includes('\u0000'))) return null
      return new Promise((resolve, reject) => {
        pendingVotes.push({ values, resolve, reject })
        sendVotes()
      })
    },
    // In batches shared with the chat votes that arrive meanwhile (poll-vote-batches.ts). Text
    // holding NUL takes the general path, which refuses it in order.
    async recordPollVoteInOneStep(vote) {
      gate()
      if (vote.voter.includes('\u0000')) return undefined
      return pollVotes.record(vote)
    },
    ping: async () => {
      gate()
      await withConnection(async (client) => void await client.query('SELECT 1')).catch((error) => { throw toStoreError(error) })
    },
    // After plain-text secrets were sealed: VACUUM FULL writes each table anew and drops its old
    // files, dead row versions with them (a plain VACUUM only marks their space reusable).
    scrubFreedSpace: async () => {
      gate()
      await withConnection(async (client) => void await client.query('VACUUM FULL settings, webhooks, chat_connectors'))
        .catch((error) => { throw toStoreError(error) })
    },
    cacheChecks: () => caches.checks(),
    subscribe: (listener) => {
      localListeners.add(listener)
      const unsubscribe = changes.subscribe(listener)
      return () => {
        localListeners.delete(listener)
        unsubscribe()
      }
    },
    backup,
    close: async () => {
      closed = true
      clearInterval(folder)
      await backup?.close() // a backup under way fails, its partial file removed
      sequencer.close()
      await coherence.close()
      await changes.close()
      await checker.close()
      await sequencerConnection.close()
      await pool.end()
    },
  }

  const startOnce = async () => {
    const { created } = await startUp(options.url, {
      ...options,
      // The set-up itself uses the store before it is open to requests.
      onCreate: options.onCreate && (() => options.onCreate!({ ...store, read: readNow, transaction: transactionNow })),
    })
    setUp = true
    sequencer.start()
    coherence.start()
    Object.assign(store, { created })
    return { created }
  }
  try {
    Object.assign(store, { ready: Promise.resolve(await startOnce()) })
    return store
  } catch (error) {
    if (options.waitForDatabase && isConnectionError(error)) {
      log(`${(startUpError(error, options.url) as Error).message}; answering 503 until it answers`)
      Object.assign(store, { ready: keepTrying(startOnce, () => closed, log) })
      return store
    }
    await store.close().catch(() => {})
    throw startUpError(error, options.url)
  }
}

/** Runs `start` again after a growing pause until it succeeds; other failures than a lost connection are logged. */
async function keepTrying<T>(start: () => Promise<T>, closed: () => boolean, log: (line: string) => void): Promise<T> {
  for (let pauseMs = 250; ; pauseMs = Math.min(pauseMs * 2, 5000)) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs).unref())
    if (closed()) return new Promise<T>(() => {}) // closed while waiting: never set up
    try {
      const result = await start()
      log('PostgreSQL: database reachable; serving')
      return result
    } catch (error) {
      if (!isConnectionError(error)) log(`PostgreSQL: start-up failed: ${(error as Error).message}; retrying`)
    }
  }
}

const RESTART = Symbol('needs the database')

/**
 * Vote statements a server runs at once (see recordVotes). One: the votes that arrive meanwhile
 * make the next batch larger, and a vote's cost falls with its batch's size (a commit, a
 * sequencer run, a statement). Measured on 2 cores at 50 connections, interleaved runs: 1 batch
 * in flight gave 2,682 votes/s on one server and 3,139/s on two, 2 gave 2,381 and 2,190.
 */
const VOTE_BATCHES = 1

/** A start-up failure says which database and why, without the password. */
function startUpError(error: unknown, url: string): unknown {
  if (isDomainError(error)) return error
  const { message, code } = (error ?? {}) as { message?: string; code?: string }
  return new DomainError('UNAVAILABLE', `Database unavailable: ${message || code || String(error)} (${describeUrl(url)})`)
}
