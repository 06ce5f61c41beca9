// A backup of a database file is an ordinary database: `db copy` moves it into PostgreSQL, and
// the PostgreSQL database answers as the file did before the backup.
import { join } from 'node:path'
import { createCore } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/sqlite'
import { createPostgresStore } from '@game-picker/postgres'
import { beforeAll, expect, test } from 'vitest'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { assertCliBuilt, CLI_BIN, cliEnv } from '../helpers/cli.ts'
import { createTestDatabase } from '../helpers/postgres.ts'
import { tempDir } from '../helpers/tmp-dir.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

beforeAll(assertCliBuilt)

/** The binary on the files as named (the helper's `cli` would turn a --db file into a PostgreSQL database on this run). */
async function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [CLI_BIN, ...args], { cwd, env: cliEnv(cwd) })
    .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }), (error: { code: number; stdout: string; stderr: string }) => error)
}

test('db backup, then db copy --from the backup --to postgres://', { timeout: 60_000 }, async () => {
  const cwd = tempDir()
  const file = join(cwd, 'night.sqlite')
  const store = await createSqliteStore({ file })
  const core = createCore({ secretKey: TEST_SECRET_KEY, store })
  await core.importBuiltin()
  await core.sessions.start({ notes: 'before the backup' })
  await store.close()

  expect(await run(['db', 'backup', '--db', file, '--to', join(cwd, 'backup.sqlite')], cwd)).toMatchObject({ code: 0, stderr: '' })
  const url = await createTestDatabase()
  const copied = await run(['db', 'copy', '--from', join(cwd, 'backup.sqlite'), '--to', url], cwd)
  expect(copied.code).toBe(0)
  expect(copied.stdout).toMatch(/\n {2}games +62\n/)

  const pg = await createPostgresStore({ url, log: () => {} })
  try {
    const sessions = await createCore({ secretKey: TEST_SECRET_KEY, store: pg }).sessions.list()
    expect(sessions.map((session) => session.notes)).toEqual(['before the backup'])
  } finally {
    await pg.close()
  }
})
