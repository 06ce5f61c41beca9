import { appendFileSync, copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { createCore } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/sqlite'
import { describe, expect, test } from 'vitest'
import { tempDir } from '../helpers/tmp-dir.ts'
import { playEvening } from './store-scenario.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

// What only a file-backed store does: a reopened (or concurrently read) file holds every
// acknowledged write, one writer at a time, a torn journal tail. The behaviour every store
// shares is in store.test.ts.
async function snapshot(core: ReturnType<typeof createCore>) {
  return { games: await core.games.list(), sessions: await core.sessions.list(), stats: await core.stats() }
}

describe('a file-backed store', () => {
  test('reopened, it holds every acknowledged write; a reader sees them while the writer runs', async () => {
    const file = join(tempDir(), 'reopen.sqlite')
    const writer = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore({ file }) })
    await playEvening(writer)
    const expected = await snapshot(writer)

    const reader = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore({ file, readOnly: true }) })
    expect(await snapshot(reader)).toEqual(expected)
    await expect(reader.games.create({ pack_name: 'P', title: 'T', min_players: 1, max_players: 2 })).rejects.toThrow()
    await reader.close()

    await expect(createSqliteStore({ file })).rejects.toMatchObject({
      code: 'LOCKED', message: `database ${file} is in use by process ${process.pid}; stop it or use --remote URL`,
    })
    await writer.close()
    const reopened = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore({ file }) })
    expect(await snapshot(reopened)).toEqual(expected)
    await reopened.close()
  })

  test('a torn journal tail is dropped and everything acknowledged before it is kept', async () => {
    const file = join(tempDir(), 'torn.sqlite')
    const writer = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore({ file, idleCheckpointMs: 60_000 }) })
    await playEvening(writer)
    const expected = await snapshot(writer)
    // Copy the live file and journal, as a crash would leave them, and tear the journal's end.
    const crashed = join(tempDir(), 'crashed.sqlite')
    copyFileSync(file, crashed)
    copyFileSync(`${file}-journal`, `${crashed}-journal`)
    appendFileSync(`${crashed}-journal`, '1a2b3c4d {"seq":99999,"stmts":[["DELETE FROM ga')
    await writer.close()

    const recovered = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore({ file: crashed }) })
    expect(await snapshot(recovered)).toEqual(expected)
    await recovered.close()
  })
})
