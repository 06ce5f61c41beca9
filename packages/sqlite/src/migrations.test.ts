// Migration 2 on a file written by schema version 1: every row, id and counter survives, the
// foreign keys and triggers still work, and from then on ids are never reused.
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'
import { createCore } from '@game-picker/core'
import { gameInput } from '../../../test/helpers/memory-core.ts'
import { openSqlDatabase } from './durable-db.ts'
import { createSqliteStore } from './index.ts'
import { initial } from './migrations/001-initial.ts'
import { migrations } from './schema.ts'
import { expectMigratedRoomAutopilot, OLD_GAMES, OLD_PLAYED_AT } from '../../../test/helpers/app-tags-migration.ts'
import { TEST_SECRET_KEY } from '../../../test/helpers/secret-key.ts'

const T = '2026-11-22T20:00:00.000Z'

/** A version-1 file: two games, a closed session with two games and votes, a webhook with a log. */
async function writeVersion1File(): Promise<string> {
  const file = join(tempDir(), 'v1.sqlite')
  const db = await openSqlDatabase({ file, migrations: [initial], onOpen: (w) => void w.run('PRAGMA foreign_keys = ON') })
  await db.write((w) => {
    w.run(`INSERT INTO packs (name, created_at) VALUES ('Pack A', '${T}')`)
    for (const title of ['One', 'Two', 'Three']) {
      w.run(`INSERT INTO games (pack_name, title, min_players, max_players, created_at) VALUES ('Pack A', ?, 2, 8, '${T}')`, [title])
    }
    w.run('DELETE FROM games WHERE id = 3') // the newest game, deleted under version 1
    w.run(`INSERT INTO sessions (created_at, closed_at, is_active, notes) VALUES ('${T}', '${T}', 0, 'old night')`)
    w.run(`INSERT INTO session_games (session_id, game_id, played_at, status) VALUES (1, 1, '${T}', 'played')`)
    w.run(`INSERT INTO session_games (session_id, game_id, played_at, status, room_code) VALUES (1, 2, '${T}', 'playing', 'ABCD')`)
    w.run(`INSERT INTO votes (session_id, session_game_id, game_id, username, type, timestamp) VALUES (1, 1, 1, 'sam', 'up', '${T}')`)
    w.run(`INSERT INTO votes (session_id, session_game_id, game_id, username, type, timestamp) VALUES (1, 2, 2, 'sam', 'down', '${T}')`)
    w.run(`INSERT INTO webhooks (name, url, secret, events, created_at) VALUES ('bot', 'http://127.0.0.1:9/h', 's', '["game.added"]', '${T}')`)
    w.run(`INSERT INTO webhook_logs (webhook_id, event_type, payload, created_at) VALUES (1, 'game.added', '{}', '${T}')`)
  })
  await db.close()
  return file
}

describe('migration 2 (ids never reused, events, leases)', () => {
  test('keeps every row, id and counter of a version-1 file, and its rules still hold', async () => {
    const file = await writeVersion1File()
    const core = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore({ file }) })
    try {
      expect((await core.games.list()).map((g) => [g.id, g.title, g.play_count, g.upvotes, g.downvotes, g.popularity_score]))
        .toEqual([[1, 'One', 1, 1, 0, 1], [2, 'Two', 1, 0, 1, -1]])
      expect(await core.sessionGames.list(1)).toMatchObject([
        { id: 1, game_id: 1, status: 'played' }, { id: 2, game_id: 2, status: 'playing', room_code: 'ABCD' }])
      expect(await core.webhooks.logs(1)).toHaveLength(1)

      // Triggers and cascades work on the rebuilt tables: deleting the session takes its
      // games and votes, and the counters with them.
      await core.sessions.remove(1)
      expect((await core.games.list()).map((g) => [g.play_count, g.upvotes, g.downvotes])).toEqual([[0, 0, 0], [0, 0, 0]])
      // Foreign keys point at the rebuilt tables (a game that does not exist is refused).
      const session = await core.sessions.start()
      await expect(core.sessionGames.add(session.id, { game_id: 99 })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    } finally {
      await core.close()
    }
  })

  test('a deleted game, session, session game or webhook id is never handed out again on a migrated file', async () => {
    const file = await writeVersion1File()
    let core = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore({ file }) })
    const newest = await core.games.create(gameInput({ title: 'Four' }))
    await core.games.remove(newest.id)
    await core.close()

    core = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore({ file }) })
    try {
      expect((await core.games.create(gameInput({ title: 'Five' }))).id).toBe(newest.id + 1)
      await core.sessionGames.remove(1, 2) // the newest session game and webhook of the old file
      await core.webhooks.remove(1)
      const session = await core.sessions.start()
      expect((await core.sessionGames.add(session.id, { game_id: 1 })).id).toBe(3)
      expect((await core.webhooks.create({ name: 'bot', url: 'http://127.0.0.1:9/h', secret: 's', events: ['game.added'] })).id).toBe(2)
      await core.sessions.close(session.id)
      await core.sessions.remove(session.id)
      expect((await core.sessions.start()).id).toBe(session.id + 1)
    } finally {
      await core.close()
    }
  })
})

describe('migration 9 (app tags, followed rooms)', () => {
  test('a file of the previous version gets the bundled tags by pack and title, and its watched room stays followed', async () => {
    const file = join(tempDir(), 'v8.sqlite')
    const db = await openSqlDatabase({ file, migrations: migrations.slice(0, 8), onOpen: (w) => void w.run('PRAGMA foreign_keys = ON') })
    await db.write((w) => {
      for (const [pack, title] of OLD_GAMES) {
        w.run(`INSERT INTO games (pack_name, title, min_players, max_players, created_at) VALUES (?, ?, 2, 8, '${T}')`, [pack, title])
      }
      w.run(`INSERT INTO sessions (created_at, is_active) VALUES ('${T}', 1)`)
      w.run(`INSERT INTO session_games (session_id, game_id, played_at, status, room_code, player_count_check_status)
             VALUES (1, 1, '${OLD_PLAYED_AT}', 'playing', 'ABCD', 'monitoring')`)
    })
    await db.close()
    await expectMigratedRoomAutopilot(await createSqliteStore({ file }))
  })
})
