// Migration 11 on a PostgreSQL database of the previous release (migrated to version 10): the
// bundled games get their app tags by pack and title (a game of the same title in another pack
// does not), and a room the previous version's player check watched stays followed.
import { createPostgresStore } from '@game-picker/postgres'
import pg from 'pg'
import { expect, test } from 'vitest'
import { migrations } from '../../packages/postgres/src/schema.ts'
import { expectMigratedRoomAutopilot, OLD_GAMES, OLD_PLAYED_AT } from '../helpers/app-tags-migration.ts'
import { createTestDatabase } from '../helpers/postgres.ts'

const T = '2026-11-22T20:00:00.000Z'

test('a version-10 database gets the bundled app tags and keeps following its watched room', async () => {
  const url = await createTestDatabase({ schema: 'none' })
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL); CREATE TABLE store_setup (finished_at TEXT NOT NULL)')
    for (const [index, sql] of migrations.slice(0, 10).entries()) {
      await client.query(sql)
      await client.query('INSERT INTO schema_migrations VALUES ($1, $2)', [index + 1, T])
    }
    await client.query(`INSERT INTO store_setup VALUES ('${T}');
      INSERT INTO sessions (created_at, is_active) VALUES ('${T}', 1)`)
    for (const [pack, title] of OLD_GAMES) {
      await client.query('INSERT INTO packs (name, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [pack, T])
      await client.query('INSERT INTO games (pack_name, title, min_players, max_players, created_at) VALUES ($1, $2, 2, 8, $3)', [pack, title, T])
    }
    await client.query(`INSERT INTO session_games (session_id, game_id, played_at, status, room_code, player_count_check_status)
      VALUES (1, 1, '${OLD_PLAYED_AT}', 'playing', 'ABCD', 'monitoring')`)
  } finally {
    await client.end()
  }

  await expectMigratedRoomAutopilot(await createPostgresStore({ url, log: () => {} }))
})
