// The sequencer numbers the inbox's events in commit order, and each run reads the inbox only
// from a watermark up (sequence_events): the xmin of the previous run's snapshot. A transaction
// that began before many runs and commits after them must still have its events numbered.
import { createCore } from '@game-picker/core'
import { createPostgresStore } from '@game-picker/postgres'
import pg from 'pg'
import { afterEach, expect, test } from 'vitest'
import { createTestDatabase } from '../helpers/postgres.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

const closing: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()))
})

test('an event committed after many later transactions and sequencer runs is numbered once, after theirs', async () => {
  const url = await createTestDatabase()
  const store = await createPostgresStore({ url, log: () => {} })
  closing.push(() => store.close())
  const core = createCore({ secretKey: TEST_SECRET_KEY, store })

  // A writer that takes its time: its event is in the inbox, uncommitted, with the oldest xid.
  const slow = new pg.Client({ connectionString: url })
  await slow.connect()
  closing.push(() => slow.end())
  await slow.query('BEGIN')
  await slow.query(`INSERT INTO event_inbox (type, body, created_at)
    VALUES ('session.started', '{"event":"session.started","timestamp":"2026-01-01T00:00:00.000Z","data":{}}', '2026-01-01T00:00:00.000Z')`)

  // Newer transactions commit meanwhile, each answered once a run numbered its event.
  for (let i = 0; i < 3; i++) {
    const session = await core.sessions.start()
    await core.sessions.close(session.id)
  }
  await slow.query('COMMIT')
  await core.sessions.start() // one more run, after the slow commit

  const { rows } = await slow.query<{ id: string; type: string; created_at: string }>('SELECT id, type, created_at FROM events ORDER BY id')
  expect(rows.map((row) => row.type)).toEqual([
    'session.started', 'session.ended', 'session.started', 'session.ended', 'session.started', 'session.ended',
    'session.started', 'session.started',
  ])
  // In commit order: the slow writer's event after the six that committed before it.
  expect(rows.findIndex((row) => row.created_at === '2026-01-01T00:00:00.000Z')).toBe(6)
  expect((await slow.query('SELECT COUNT(*)::int AS n FROM event_inbox')).rows[0].n).toBe(0)
})
