// GET and POST /api/backups beyond a database file's (backups-file.test.ts): without a backup
// folder, 400 on either store; with one, a database in memory answers 400 and nothing is written,
// while a PostgreSQL database is backed up into file databases like a file is.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createCore } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/sqlite'
import { describe, expect, test } from 'vitest'
import { TEST_STORE } from '../helpers/postgres.ts'
import { call, login, postTwoBackups, startTestServer } from '../helpers/server.ts'
import { tempDir } from '../helpers/tmp-dir.ts'
import { until } from '../helpers/until.ts'

const NAME = /^game-picker-\d{8}T\d{6}Z\.sqlite$/

describe('backups', () => {
  test('without --backup-dir both routes answer 400 "Backups are not configured"', async () => {
    const plain = await startTestServer({ file: join(tempDir(), 'plain.sqlite') })
    try {
      const token = await login(plain.url)
      for (const method of ['GET', 'POST']) {
        const answer = await call(plain.url, method, '/api/backups', { token })
        expect(answer.status).toBe(400)
        expect(answer.body).toEqual({ error: 'Backups are not configured' })
      }
    } finally {
      await plain.stop()
    }
  })

  if (TEST_STORE === 'sqlite') {
    test('a database in memory answers 400 even with a folder, and writes nothing there', async () => {
      const folder = join(tempDir(), 'backups')
      const configured = await startTestServer({ backups: { dir: folder, everyMs: 10_000, keep: 1 } }) // no file: in memory
      try {
        const token = await login(configured.url)
        for (const method of ['GET', 'POST']) {
          expect(await call(configured.url, method, '/api/backups', { token })).toMatchObject({ status: 400, body: { error: 'Backups need a database file' } })
        }
        expect(existsSync(folder)).toBe(false)
      } finally {
        await configured.stop()
      }
    })
  } else {
    test('PostgreSQL: the schedule\'s first at start, POST another (202, then 409 while it runs); each a file database with what came before', async () => {
      const dir = join(tempDir(), 'backups')
      const server = await startTestServer({ backups: { dir, everyMs: 24 * 3_600_000, keep: 7 } })
      try {
        const admin = await login(server.url)
        const list = (count: number) => until(async () => (await call(server.url, 'GET', '/api/backups', { token: admin })).body, (listed) => listed.length >= count)
        await list(1) // none in the folder yet: the first is made at start
        const game = await call(server.url, 'POST', '/api/games', { token: admin, body: { pack_name: 'Backup pack', title: 'Saved game', min_players: 2, max_players: 4 } })
        expect(game.status).toBe(201)
        const { started, refused } = await postTwoBackups(server.url, admin)
        expect(started).toMatchObject({ status: 202, body: { message: 'Backup started', file: expect.stringMatching(NAME) } })
        expect(refused).toMatchObject({ status: 409, body: { error: 'A backup is already running' } })

        const listed = await list(2)
        expect(listed[0]).toEqual({ file: started.body.file, size: expect.any(Number), created_at: expect.any(String) })
        expect(readdirSync(dir).sort()).toEqual(listed.map((entry: { file: string }) => entry.file).sort())
        const copy = await createSqliteStore({ file: join(dir, started.body.file), readOnly: true })
        try {
          expect((await createCore({ store: copy }).games.list()).map((entry) => entry.title)).toEqual(['Saved game'])
        } finally {
          await copy.close()
        }
      } finally {
        await server.stop()
      }
    })
  }
})
