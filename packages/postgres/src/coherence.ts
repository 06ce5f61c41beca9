// Cached reads without a round trip, on any number of instances. caches.ts keeps a snapshot of
// what most requests read; the rule (decisions: read-after-write across servers) is that a read
// sees every write acknowledged, by any instance, before the read began. Without this module a
// snapshot is checked against the database before each use. With it:
//
// - A holder (a server) LISTENs on CHANNEL, then registers in cache_holders with a lease of
//   LEASE_MS, renewed every RENEW_MS on that same connection. While its lease holds and the
//   connection is up, it uses a snapshot unchecked if no change was announced since the
//   snapshot's check began, and the check began less than MAX_AGE_MS ago.
// - A writer, after a commit that changed cached data, announces it ("WRITER N") in the
//   sequencer's run after the commit, which also lists the holders whose lease holds
//   (sequencer.ts). A holder that hears it drops its snapshot and acknowledges ("HOLDER N", on
//   the writer's own channel, so the others need not hear it). The writer answers its client once every listed holder acknowledged, or after
//   MAX_AGE_MS: by then no holder uses a snapshot checked before the commit, whatever became
//   of it (a holder killed, a connection cut, a notification lost).
// - A holder that served no read for IDLE_MS gives its lease up (writers stop waiting for it)
//   and takes it again on its next read, which checks meanwhile: an idle server costs the
//   writers nothing.
// - A holder missing from the list registered after the commit, so its snapshots are newer. A
//   holder whose lease lapsed stopped trusting itself first: its own deadline is counted from
//   before the renewal was sent, with a margin, while the database counts from its arrival.
//
// Without writes a holder checks once per MAX_AGE_MS instead of once per few requests. A write
// pays no extra statement (the announcement rides on the sequencer's), only the wait for one
// notification and its acknowledgement when other holders exist.
import pg from 'pg'
import { connectionConfig, type PoolLimits } from './pool.ts'

export const CHANNEL = 'game_picker_cache'
const ACK_CHANNEL = 'game_picker_ack_'
/** Longest a snapshot is used unchecked, and so the longest a writer waits for acknowledgements. */
export const MAX_AGE_MS = 1000
const LEASE_MS = 3000
const RENEW_MS = 1000
const IDLE_MS = 2000

export interface Coherence {
  /** Moves on whenever cached data may have changed: a snapshot is good only in the epoch its check began in. */
  epoch(): number
  /** Whether a snapshot of the current epoch, checked less than MAX_AGE_MS ago, may be used unchecked. */
  trusted(): boolean
  /** This instance committed a change to cached data. */
  changed(): void
  /** Resolves true once acknowledgements can be heard (connects a writer that is not a holder). */
  listening(): Promise<boolean>
  /** The number and the notification (on CHANNEL) announcing this instance's changes committed so far. */
  announcement(): { sequence: number; payload: string }
  /** After the announcement committed: resolves once `holders` acknowledged it, or after MAX_AGE_MS. */
  acknowledged(sequence: number, holders: readonly string[]): Promise<void>
  /** Starts holding (registers once the schema exists). */
  start(): void
  close(): Promise<void>
}

interface Waiter { sequence: number; holders: readonly string[]; resolve: () => void; timer: NodeJS.Timeout }

export function createCoherence(options: {
  url: string
  limits: PoolLimits
  /** This instance's id (a UUID: it goes into SQL text as is). */
  owner: string
  /** Serves cached reads unchecked: a server. Other instances (CLI commands) only announce. */
  hold: boolean
  log: (line: string) => void
}): Coherence {
  const { owner, hold } = options
  const ackChannel = ACK_CHANNEL + owner.replaceAll('-', '')
  let epoch = 0
  let client: pg.Client | undefined
  let connected: Promise<boolean> | undefined
  let trustedUntil = 0
  let lastRead = performance.now()
  let resting = false
  let started = false
  let closed = false
  let retryMs = 250
  let renewTimer: NodeJS.Timeout | undefined
  let retryTimer: NodeJS.Timeout | undefined
  let announced = 0
  const acknowledgedBy = new Map<string, number>()
  const waiting = new Set<Waiter>()
  const toAcknowledge = new Map<string, number>()
  let acknowledging = false

  const invalidate = () => void (epoch += 1)

  function heard({ channel, payload = '' }: pg.Notification): void {
    const [from, sequence] = payload.split(' ')
    if (channel === CHANNEL && from !== owner) {
      invalidate()
      if (!hold) return
      toAcknowledge.set(from, Math.max(toAcknowledge.get(from) ?? 0, Number(sequence)))
      void acknowledge()
    } else if (channel === ackChannel) {
      acknowledgedBy.set(from, Math.max(acknowledgedBy.get(from) ?? 0, Number(sequence)))
      settle()
    }
  }

  // One acknowledgement statement at a time; it covers everything heard before it was sent.
  async function acknowledge(): Promise<void> {
    if (acknowledging) return
    acknowledging = true
    try {
      while (toAcknowledge.size > 0 && client) {
        const writers = [...toAcknowledge.keys()].map((writer) => ACK_CHANNEL + writer.replaceAll('-', ''))
        const payloads = [...toAcknowledge.values()].map((sequence) => `${owner} ${sequence}`)
        toAcknowledge.clear()
        await client.query('SELECT pg_notify(w, p) FROM unnest($1::text[], $2::text[]) AS a (w, p)', [writers, payloads])
      }
    } catch {
      // The connection is gone: the writers wait out MAX_AGE_MS, and this holder stopped trusting.
    } finally {
      acknowledging = false
    }
  }

  function settle(): void {
    for (const waiter of waiting) {
      if (waiter.holders.every((holder) => (acknowledgedBy.get(holder) ?? 0) >= waiter.sequence)) finish(waiter)
    }
  }

  function finish(waiter: Waiter): void {
    clearTimeout(waiter.timer)
    waiting.delete(waiter)
    waiter.resolve()
  }

  function connect(): Promise<boolean> {
    if (connected) return connected
    const next = new pg.Client(connectionConfig(options.url, options.limits))
    client = next
    next.on('error', () => {}) // 'end' follows
    next.on('end', () => lost(next))
    next.on('notification', heard)
    connected = (async () => {
      try {
        await next.connect()
        await next.query(`LISTEN ${CHANNEL}; LISTEN ${ackChannel}`)
        if (hold) await renew(next)
        retryMs = 250
        return true
      } catch {
        await next.end().catch(() => {})
        lost(next)
        return false
      }
    })()
    return connected
  }

  function lost(which: pg.Client): void {
    if (which !== client) return
    client = undefined
    connected = undefined
    trustedUntil = 0
    resting = false
    invalidate() // announcements may go unheard from now on
    clearTimeout(renewTimer)
    if (closed || !hold) return
    if (retryMs === 250) options.log('PostgreSQL: cache notifications lost; checking every read until reconnected')
    retryTimer = setTimeout(() => void connect(), retryMs)
    retryTimer.unref()
    retryMs = Math.min(retryMs * 2, 5000)
  }

  // The lease, renewed on the listening connection: a holder that cannot hear cannot renew.
  async function renew(conn: pg.Client): Promise<void> {
    const sentAt = performance.now()
    const { rows: [row] } = await conn.query(RENEW, [owner, LEASE_MS])
    if (conn !== client) return
    // A lease that lapsed (or is new) may have been left out of writers' lists meanwhile.
    if (row.held !== true || performance.now() >= trustedUntil) invalidate()
    trustedUntil = sentAt + LEASE_MS - RENEW_MS
    renewLater(conn)
  }

  // A renewal that fails (a slow statement) is tried again; a lost connection stops them all.
  function renewLater(conn: pg.Client): void {
    renewTimer = setTimeout(() => {
      if (performance.now() - lastRead >= IDLE_MS) return void rest(conn)
      void renew(conn).catch(() => { if (conn === client) renewLater(conn) })
    }, RENEW_MS)
    renewTimer.unref()
  }

  // Idle: untrusted first, then the lease goes, so no writer waits for this holder.
  function rest(conn: pg.Client): void {
    resting = true
    trustedUntil = 0
    void conn.query('DELETE FROM cache_holders WHERE owner = $1', [owner]).catch(() => {})
  }

  function wake(conn: pg.Client): void {
    resting = false
    void renew(conn).catch(() => { if (conn === client) renewLater(conn) })
  }

  return {
    epoch: () => epoch,
    trusted() {
      lastRead = performance.now()
      if (resting && client && connected) wake(client)
      return client !== undefined && lastRead < trustedUntil
    },
    changed: invalidate,
    listening: () => (closed ? Promise.resolve(false) : connect()),
    announcement() {
      const sequence = ++announced
      return { sequence, payload: `${owner} ${sequence}` }
    },
    acknowledged(sequence, holders) {
      if (holders.length === 0) return Promise.resolve()
      return new Promise((resolve) => {
        const waiter: Waiter = { sequence, holders, resolve, timer: setTimeout(() => finish(waiter), MAX_AGE_MS + 100) }
        waiting.add(waiter)
        settle()
      })
    },
    start() {
      if (!hold || started || closed) return
      started = true
      void connect()
    },
    async close() {
      closed = true
      clearTimeout(renewTimer)
      clearTimeout(retryTimer)
      waiting.forEach(finish)
      const current = client
      client = undefined
      trustedUntil = 0
      if (!current) return
      // Leaving: writers stop waiting for this holder at once.
      if (hold) await current.query('DELETE FROM cache_holders WHERE owner = $1', [owner]).catch(() => {})
      await current.end().catch(() => {})
    },
  }
}

// Renews (or takes) the lease and says whether it still held; clears leases long expired.
const RENEW = /* sql */ `
WITH previous AS (SELECT expires_at > now() AS held FROM cache_holders WHERE owner = $1),
  expired AS (DELETE FROM cache_holders WHERE expires_at < now() - interval '1 minute' AND owner <> $1)
INSERT INTO cache_holders (owner, expires_at) VALUES ($1, now() + $2 * interval '1 millisecond')
ON CONFLICT (owner) DO UPDATE SET expires_at = excluded.expires_at
RETURNING (SELECT held FROM previous) AS held`
