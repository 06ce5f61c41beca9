// GET and POST /api/backups where no backup can be made: without a backup folder, 400; on a
// database that is no file (PostgreSQL: 400 pointing at pg_dump; in memory), 400 even with a
// folder, and nothing is written. Backups of a file: backups-file.test.ts.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { TEST_STORE } from '../helpers/postgres.ts'
import { call, login, startTestServer } from '../helpers/server.ts'
import { tempDir } from '../helpers/tmp-dir.ts'

describe('backups where none can be made', () => {
  test(TEST_STORE === 'sqlite' ? 'without --backup-dir both routes answer 400 "Backups are not configured"' : 'on PostgreSQL both routes answer 400 and point at pg_dump', async () => {
    const plain = await startTestServer({ file: join(tempDir(), 'plain.sqlite') })
    try {
      const token = await login(plain.url)
      const error = TEST_STORE === 'sqlite' ? 'Backups are not configured' : 'Backups of a PostgreSQL database are made with pg_dump'
      for (const method of ['GET', 'POST']) {
        const answer = await call(plain.url, method, '/api/backups', { token })
        expect(answer.status).toBe(400)
        expect(answer.body).toEqual({ error })
      }
    } finally {
      await plain.stop()
    }
  })

  test('a database that is no file answers 400 even with a folder, and writes nothing there', async () => {
    const folder = join(tempDir(), 'backups')
    // No file named: a fresh PostgreSQL database, or on sqlite one in memory.
    const configured = await startTestServer({ backups: { dir: folder, everyMs: 10_000, keep: 1 } })
    try {
      const token = await login(configured.url)
      const error = TEST_STORE === 'sqlite' ? 'Backups need a database file' : 'Backups of a PostgreSQL database are made with pg_dump'
      for (const method of ['GET', 'POST']) {
        expect(await call(configured.url, method, '/api/backups', { token })).toMatchObject({ status: 400, body: { error } })
      }
      expect(existsSync(folder)).toBe(false)
    } finally {
      await configured.stop()
    }
  })
})
