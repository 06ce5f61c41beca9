// After a commit: numbering its events and telling the other instances. Neither happens inside
// the writing transaction any more, where each was a queue every write waited in (a lock held
// until the commit was on disk; NOTIFY takes a database-wide lock at commit for the same span).
//
// The sequencer moves the committed events from the inbox into the event log, grouped by
// transaction (xid8 order, then insertion order). It is the only writer of the log, and its runs
// take turns across instances (an advisory lock only the sequencer takes), so each run's ids are
// above every earlier run's and become visible at once, after them: a reader never sees id n + 1
// and later n, yet no writing transaction waits for another. Each instance runs one at a time,
// and a run serves every commit made before it started. A commit that wrote events is
// acknowledged once a run has numbered them, so the next read, on any instance, finds them in
// the log. A run is one statement (sequence_events, schema-lean-votes.ts), which also sends the
// notifications and announces changes to cached data to the instances that hold caches
// (coherence.ts); such a commit is acknowledged once they heard.
import type { ChangeTopic } from '@game-picker/core'
import { type Coherence, MAX_AGE_MS } from './coherence.ts'
import type { Dedicated } from './pool.ts'

export interface Sequencer {
  /**
   * After a commit: resolves once events of transaction `txid` are numbered, `topics` sent and,
   * when `cacheChanged`, every instance holding caches heard of it.
   */
  afterCommit(txid: string | null, topics: ReadonlySet<ChangeTopic>, cacheChanged: boolean): Promise<void>
  /** Starts the periodic runs, once the schema is up to date (a run before would find no sequence_events). */
  start(): void
  close(): void
}

interface Waiter { txid: string | null; cache: boolean; resolve: () => void }

export function createSequencer(conn: Dedicated, sender: string, coherence: Coherence, options: {
  /** Events this instance did not wait for were numbered (e.g. a writer died before its run). */
  onForeignEvents: () => void
  log: (line: string) => void
  intervalMs?: number
}): Sequencer {
  let waiters: Waiter[] = []
  const topics = new Set<ChangeTopic>()
  let running = false
  let again = false
  let closed = false
  let failing = false

  async function run(): Promise<void> {
    if (running) return void (again = true)
    running = true
    try {
      do {
        again = false
        const batch = waiters
        waiters = []
        const sending = [...topics].filter((topic) => topic !== 'events')
        topics.clear()
        let foreign = false
        const announcing = batch.some((waiter) => waiter.cache)
        // Unheard, the announcement is still made: the holders drop their snapshots.
        if (announcing) await coherence.listening()
        const announcement = announcing ? coherence.announcement() : null
        let heard: Promise<void> = Promise.resolve()
        try {
          const result = await sequence(batch, sending, announcement?.payload)
          foreign = result.foreign
          if (announcement) heard = coherence.acknowledged(announcement.sequence, result.holders)
          failing = false
        } catch (error) {
          // The commits are durable; their events are numbered by a later run (this instance's
          // timer or another instance). The requests are answered rather than failed, changes
          // to cached data once no holder can still use a snapshot from before them.
          if (!failing && !closed) options.log(`PostgreSQL: event sequencing failed (${(error as Error).message}); retrying`)
          failing = true
          if (announcement) heard = new Promise((resolve) => setTimeout(resolve, MAX_AGE_MS + 100))
        }
        for (const waiter of batch) {
          if (waiter.cache) void heard.then(waiter.resolve)
          else waiter.resolve()
        }
        if (foreign) options.onForeignEvents()
      } while (again && !closed)
    } finally {
      running = false
    }
  }

  // Inbox rows below it were all moved by an earlier run (sequence_events, schema-lean-votes.ts).
  let watermark = '0'
  async function sequence(batch: Waiter[], sending: ChangeTopic[], announcement: string | undefined) {
    const ours = batch.map((waiter) => waiter.txid).filter((txid) => txid !== null)
    const { rows: [row] } = await conn.query({
      name: 'game-picker-sequence-events',
      text: 'SELECT * FROM sequence_events($1::xid8, $2::text[], $3, $4::text[], $5)',
      values: [watermark, ours, sender, sending, announcement ?? null],
    })
    watermark = row.watermark
    return { foreign: Number(row.foreign_events) > 0, holders: (row.holders ?? []) as string[] }
  }

  // Numbers what no waiting commit asked for: events of an instance that died after its commit.
  let timer: NodeJS.Timeout | undefined

  return {
    afterCommit(txid, changed, cacheChanged) {
      if (changed.size === 0 && !cacheChanged) return Promise.resolve()
      changed.forEach((topic) => topics.add(topic))
      return new Promise<void>((resolve) => {
        waiters.push({ txid: changed.has('events') ? txid : null, cache: cacheChanged, resolve })
        void run()
      })
    },
    start() {
      if (timer || closed) return
      timer = setInterval(() => { if (!running) void run() }, options.intervalMs ?? 1000)
      timer.unref()
    },
    close() {
      closed = true
      clearInterval(timer)
      waiters.forEach((waiter) => waiter.resolve())
      waiters = []
    },
  }
}
