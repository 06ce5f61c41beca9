// The Store contract, on every store the project ships: sqlite in memory, sqlite on a file and
// PostgreSQL. Each must hold the same evening with the same counters and answer it byte for
// byte as the in-memory store does.
import { join } from 'node:path'
import { createCore, type Store } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/sqlite'
import { createPostgresStore } from '@game-picker/postgres'
import { beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase } from '../helpers/postgres.ts'
import { tempDir } from '../helpers/tmp-dir.ts'
import { playEvening, recordEvening } from './store-scenario.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

const STORES: [string, () => Promise<Store>][] = [
  ['sqlite in memory', () => createSqliteStore()],
  ['sqlite on a file', () => createSqliteStore({ file: join(tempDir(), 'store.sqlite') })],
  ['PostgreSQL', async () => createPostgresStore({ url: await createTestDatabase(), log: () => {} })],
]

let reference: string[]
beforeAll(async () => {
  const store = await createSqliteStore()
  reference = await recordEvening(store)
  await store.close()
})

describe.each(STORES)('the %s store', (_name, open) => {
  test('holds a whole evening with consistent counters', async () => {
    const core = createCore({ secretKey: TEST_SECRET_KEY, store: await open() })
    try {
      const { gameId } = await playEvening(core)
      expect(await core.games.get(gameId)).toMatchObject({ play_count: 1, upvotes: 1, popularity_score: 1 })
      expect((await core.stats()).totalGamesPlayed.count).toBe(1)
    } finally {
      await core.close()
    }
  })

  test('answers a scripted evening byte for byte as the in-memory sqlite store', async () => {
    const store = await open()
    try {
      const answers = await recordEvening(store)
      // Line by line, so a difference names its step.
      answers.forEach((line, i) => expect(line).toBe(reference[i]))
      expect(answers).toHaveLength(reference.length)
    } finally {
      await store.close()
    }
  })
})
