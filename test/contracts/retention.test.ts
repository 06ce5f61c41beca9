// Retention on the stores the project ships (sqlite on a file, PostgreSQL): webhook delivery
// logs are kept 30 days, events 24 hours and at least the newest 10,000; pruning deletes in
// transactions of at most 1,000 rows and leaves exactly the rows the rules keep. On PostgreSQL,
// two servers pruning at the same moment delete each row once.
import { join } from 'node:path'
import { createCore, createRetentionJob, EVENT_RETENTION, LOG_RETENTION_MS, PRUNE_BATCH, type Store, type StoreTx } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/sqlite'
import { createPostgresStore } from '@game-picker/postgres'
import { describe, expect, test } from 'vitest'
import { createFakeClock } from '../helpers/fake-clock.ts'
import { createTestDatabase } from '../helpers/postgres.ts'
import { tempDir } from '../helpers/tmp-dir.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

const NOW = Date.parse('2026-11-24T12:00:00.000Z')
const HOUR = 3_600_000
const DAY = 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()

interface Target {
  open(): Promise<Store>
  /** The same database again (a restart). */
  reopen(): Promise<Store>
}
const TARGETS: [string, () => Promise<Target>][] = [
  ['sqlite on a file', async () => {
    const file = join(tempDir(), 'retention.sqlite')
    return { open: () => createSqliteStore({ file }), reopen: () => createSqliteStore({ file }) }
  }],
  ['PostgreSQL', async () => {
    const url = await createTestDatabase()
    const open = () => createPostgresStore({ url, log: () => {} })
    return { open, reopen: open }
  }],
]

/** Webhook logs: many past 30 days, one just past, one exactly 30 days old, two recent. */
const OLD_LOGS = 2500
const KEPT_LOG_TIMES = [iso(NOW - HOUR), iso(NOW - 29 * DAY), iso(NOW - LOG_RETENTION_MS.webhook_logs)] // newest first
/** Events: 1,500 from 25 hours ago, then 10,500 from the last hour; the old ones are beyond the newest 10,000. */
const OLD_EVENTS = 1500
const NEW_EVENTS = 10_500

const OLD_AUDIT = 1200
const audit = (at: string) => ({ at, actor: 'admin', method: 'POST', path: '/api/sessions', status: 201 })

async function fill(store: Store): Promise<number> {
  return store.transaction(async (tx) => {
    const webhook = await tx.insertWebhook({
      name: 'w', url: 'http://127.0.0.1:9/hook', secret: 's', events: ['vote.received'], enabled: true, created_at: iso(NOW - 40 * DAY),
    })
    const log = (created_at: string) => tx.insertWebhookLog({
      webhook_id: webhook.id, event_type: 'vote.received', payload: { n: 1 }, response_status: 200, error_message: null, created_at,
    })
    for (let i = 0; i < OLD_LOGS; i++) await log(iso(NOW - 31 * DAY + i))
    await log(iso(NOW - LOG_RETENTION_MS.webhook_logs - 1))
    for (const time of [...KEPT_LOG_TIMES].reverse()) await log(time)
    // The audit log: 1,200 past 90 days and one just past; one exactly 90 days old and one recent stay.
    await tx.insertAuditEntries([
      ...Array.from({ length: OLD_AUDIT }, (_, i) => audit(iso(NOW - 91 * DAY + i))),
      audit(iso(NOW - LOG_RETENTION_MS.audit_log - 1)), audit(iso(NOW - LOG_RETENTION_MS.audit_log)), audit(iso(NOW - HOUR)),
    ])
    for (let i = 0; i < OLD_EVENTS + NEW_EVENTS; i++) {
      const at = i < OLD_EVENTS ? NOW - EVENT_RETENTION.ms - HOUR + i : NOW - HOUR + i
      await tx.insertEvent({ type: 'vote.received', body: '{}', created_at: iso(at) })
    }
    return webhook.id
  })
}

async function remaining(store: Store, webhookId: number) {
  return store.read(async (tx) => {
    const events = await tx.listEventsAfter(0, 20_000)
    return {
      logTimes: (await tx.listWebhookLogs(webhookId, 500)).map((log) => log.created_at),
      eventCount: events.length,
      firstEvent: events[0]?.id,
      lastEvent: events.at(-1)?.id,
      prunedThrough: await tx.getSetting('events_pruned_through'),
    }
  })
}

const expectedAfterPruning = {
  logTimes: KEPT_LOG_TIMES, eventCount: NEW_EVENTS, firstEvent: OLD_EVENTS + 1, lastEvent: OLD_EVENTS + NEW_EVENTS,
  prunedThrough: String(OLD_EVENTS),
}

/** The store, recording how many rows each pruning call deleted (one call per transaction). */
function recordingBatches(store: Store, batches: number[]): Store {
  const record = (deleted: number) => (batches.push(deleted), deleted)
  return {
    ...store,
    transaction: (fn) => store.transaction((tx) => fn({
      ...tx,
      pruneEvents: async (...args) => record(await tx.pruneEvents(...args)),
      pruneLog: async (...args) => record(await tx.pruneLog(...args)),
    } satisfies StoreTx)),
  }
}

describe.each(TARGETS)('retention on %s', (_name, makeTarget) => {
  test('prunes in batches of at most 1,000 and keeps exactly what the rules keep, across a restart', { timeout: 60_000 }, async () => {
    const target = await makeTarget()
    const store = await target.open()
    const batches: number[] = []
    const core = createCore({ secretKey: TEST_SECRET_KEY, store: recordingBatches(store, batches), now: () => new Date(NOW) })
    const webhookId = await fill(store)

    expect(await core.retention.prune()).toEqual({ events: OLD_EVENTS, webhook_logs: OLD_LOGS + 1, audit_log: OLD_AUDIT + 1, chat_seen_messages: 0 })
    expect(batches.every((deleted) => deleted <= PRUNE_BATCH)).toBe(true)
    // events: 1,000 + 500; logs: 1,000 + 1,000 + 501; audit log: 1,000 + 201; chat message ids: none
    expect(batches).toEqual([1000, 500, 1000, 1000, 501, 1000, 201, 0])
    expect((await store.read((tx) => tx.listAuditEntries(10, null))).map((entry) => entry.at))
      .toEqual([iso(NOW - HOUR), iso(NOW - LOG_RETENTION_MS.audit_log)])
    expect(await remaining(store, webhookId)).toEqual(expectedAfterPruning)
    expect(await core.retention.prune()).toEqual({ events: 0, webhook_logs: 0, audit_log: 0, chat_seen_messages: 0 })
    await core.close()

    const reopened = await target.reopen()
    try {
      expect(await remaining(reopened, webhookId)).toEqual(expectedAfterPruning)
    } finally {
      await reopened.close()
    }
  })

  test('runs in the background: once at start, then every interval (fake clock)', async () => {
    const target = await makeTarget()
    const clock = createFakeClock(NOW)
    const core = createCore({ secretKey: TEST_SECRET_KEY, store: await target.open(), now: () => new Date(clock.now()) })
    const job = createRetentionJob(core, { clock, intervalMs: 10 * 60_000 })
    try {
      const webhookId = await core.store.transaction(async (tx) => (await tx.insertWebhook({
        name: 'w', url: 'http://127.0.0.1:9/hook', secret: 's', events: ['vote.received'], enabled: true, created_at: iso(NOW),
      })).id)
      const log = (created_at: string) => core.store.transaction((tx) => tx.insertWebhookLog({
        webhook_id: webhookId, event_type: 'vote.received', payload: {}, response_status: 200, error_message: null, created_at,
      }))
      const logTimes = () => core.store.read(async (tx) => (await tx.listWebhookLogs(webhookId, 500)).map((row) => row.created_at))
      await log(iso(NOW - 31 * DAY))
      await log(iso(NOW - 30 * DAY + 5 * 60_000)) // past 30 days five minutes from now
      await log(iso(NOW - DAY))

      job.start()
      await job.settled()
      expect(await logTimes()).toEqual([iso(NOW - DAY), iso(NOW - 30 * DAY + 5 * 60_000)])
      expect(clock.dueTimes()).toEqual([NOW + 10 * 60_000])

      clock.advance(10 * 60_000)
      await job.settled()
      expect(await logTimes()).toEqual([iso(NOW - DAY)])
    } finally {
      await job.stop()
      expect(clock.dueTimes()).toEqual([])
      await core.close()
    }
  })
})

describe('retention with two servers on one PostgreSQL database', () => {
  test('pruning at the same moment deletes each row once and leaves the same rows', { timeout: 60_000 }, async () => {
    const url = await createTestDatabase()
    const stores = await Promise.all([0, 1].map(() => createPostgresStore({ url, log: () => {} })))
    const cores = stores.map((store) => createCore({ secretKey: TEST_SECRET_KEY, store, now: () => new Date(NOW) }))
    try {
      const webhookId = await fill(stores[0])
      const [a, b] = await Promise.all(cores.map((core) => core.retention.prune()))
      expect(a.events + b.events).toBe(OLD_EVENTS)
      expect(a.webhook_logs + b.webhook_logs).toBe(OLD_LOGS + 1)
      expect(a.audit_log + b.audit_log).toBe(OLD_AUDIT + 1)
      expect(await remaining(stores[1], webhookId)).toEqual(expectedAfterPruning)
    } finally {
      await Promise.all(cores.map((core) => core.close()))
    }
  })
})
