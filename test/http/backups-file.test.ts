// GET and POST /api/backups on a real server on a database file: backups into the configured
// folder, one at a time, listed newest first, each an ordinary database holding what was written
// before it. A file by nature: runs on the sqlite store only (the other cases: backups.test.ts).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createCore } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { call, login, postTwoBackups, startTestServer, type TestServer } from '../helpers/server.ts'
import { tempDir } from '../helpers/tmp-dir.ts'
import { until } from '../helpers/until.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

const NAME = /^game-picker-\d{8}T\d{6}Z\.sqlite$/

let server: TestServer
let admin: string
let dir: string
beforeAll(async () => {
  const root = tempDir()
  dir = join(root, 'backups')
  server = await startTestServer({ file: join(root, 'db.sqlite'), backups: { dir, everyMs: 24 * 3_600_000, keep: 7 } })
  admin = await login(server.url)
})
afterAll(() => server.stop())

function waitForList(count: number): Promise<any[]> {
  return until(async () => (await call(server.url, 'GET', '/api/backups', { token: admin })).body, (listed) => listed.length >= count)
}

describe('backups of a database file', () => {
  test('POST starts one (202, then 409 while it runs); GET lists it, an ordinary database with what came before', async () => {
    await waitForList(1) // the schedule's first, made at start since the folder held none
    const game = await call(server.url, 'POST', '/api/games', { token: admin, body: { pack_name: 'Backup pack', title: 'Saved game', min_players: 2, max_players: 4 } })
    expect(game.status).toBe(201)

    const { started, refused } = await postTwoBackups(server.url, admin)
    expect(started.status).toBe(202)
    expect(started.body).toEqual({ message: 'Backup started', file: expect.stringMatching(NAME) })
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ error: 'A backup is already running' })

    const listed = await waitForList(2)
    expect(listed[0]).toEqual({ file: started.body.file, size: expect.any(Number), created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/) })
    expect(listed[0].created_at >= listed[1].created_at).toBe(true)
    expect(readdirSync(dir).sort()).toEqual(listed.map((entry) => entry.file).sort())

    const copy = await createSqliteStore({ file: join(dir, started.body.file), readOnly: true })
    try {
      const titles = (await createCore({ secretKey: TEST_SECRET_KEY, store: copy }).games.list()).map((entry) => entry.title)
      expect(titles).toContain('Saved game')
    } finally {
      await copy.close()
    }
  })

  test('needs the scope admin', async () => {
    const token = await call(server.url, 'POST', '/api/tokens', { token: admin, body: { name: 'bot', scopes: ['votes'] } })
    for (const method of ['GET', 'POST']) {
      const refused = await call(server.url, method, '/api/backups', { token: token.body.token })
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual({ error: 'Token lacks scope: admin' })
      expect((await call(server.url, method, '/api/backups')).status).toBe(401)
    }
  })
})
