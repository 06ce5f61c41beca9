// A file written by the release before the paged store (the whole database held in memory and
// rewritten at each checkpoint) opens with everything in it, its journal tail replayed, and is
// carried over: the journal folded into the file, which then works like any other.
import { appendFileSync, copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createCore } from '@game-picker/core'
import { createSqliteStore } from './index.ts'
import { createNodeFileIO } from './file-io.ts'
import { encodeRecord, readJournals } from './journal.ts'
import { migrations } from './schema.ts'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'
import { TEST_SECRET_KEY } from '../../../test/helpers/secret-key.ts'

const FIXTURE = join(import.meta.dirname, 'test-helpers/release-0.1.0/game-picker.sqlite')

function copyFixture(): string {
  const file = join(tempDir(), 'game-picker.sqlite')
  copyFileSync(FIXTURE, file)
  copyFileSync(`${FIXTURE}-journal`, `${file}-journal`)
  // The kill may also cut a record short: a torn tail that must be dropped, not replayed.
  const torn = encodeRecord({ seq: 10_000, stmts: [['DELETE FROM votes', []]] })
  appendFileSync(`${file}-journal`, torn.subarray(0, torn.length - 3))
  return file
}

async function contents(file: string, readOnly = false) {
  const core = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore({ file, readOnly }) })
  try {
    const sessions = await core.sessions.list()
    return {
      sessions: sessions.map((s) => [s.notes, s.is_active, s.games_played]),
      votes: await core.store.read(async (tx) => Promise.all(sessions.map(async (s) => (await tx.listVotes(s.id)).length))),
      games: (await core.games.list({})).length,
      webhooks: (await core.webhooks.list()).map((w) => w.name),
      stats: await core.stats(),
    }
  } finally {
    await core.close()
  }
}

describe('a file written by the release before the paged store', () => {
  it('opens with its checkpointed data and its journal tail, then keeps working after the carry-over', async () => {
    const file = copyFixture()
    const seen = await contents(file, true) // a reader replays the journal in memory, touching nothing
    expect(seen.sessions).toEqual([['journal tail', 1, 1], ['a good night', 0, 1]])
    expect(seen.games).toBe(62)
    expect(seen.webhooks).toEqual(['bot'])
    expect(seen.votes).toEqual([10, 20])
    expect(seen.stats).toMatchObject({ sessions: { count: 2 }, activeSessions: { count: 1 } })

    const writer = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore({ file }) })
    // The tail is in the file now: the journal holds only what this version's migrations wrote
    // after the carry-over (the release's schema was version 3).
    const { records } = await readJournals(createNodeFileIO(), file)
    expect(records.flatMap((record) => record.stmts.map(([sql]) => sql)))
      .toEqual(migrations.slice(3).flatMap((sql, i) => [sql, `PRAGMA user_version = ${i + 4}`]))
    const active = (await writer.sessions.active())!
    await writer.votes.live({ username: 'after', vote: 'down', timestamp: new Date().toISOString() })
    await writer.sessions.close(active.id, { notes: 'carried over' })
    await writer.close()

    const after = await contents(file)
    expect(after.sessions).toEqual([['carried over', 0, 1], ['a good night', 0, 1]])
    expect(after.votes).toEqual([11, 20])
    expect(after.stats).toMatchObject({ sessions: { count: 2 }, activeSessions: { count: 0 }, games: seen.stats.games })
  })
})
