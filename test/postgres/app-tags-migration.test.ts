// Migration 11 on a PostgreSQL database of the previous release (migrated to version 10): the
// bundled games get their app tags by pack and title (a game of the same title in another pack
// does not), and a room the previous version's player check watched stays followed.
import { createCore } from '@game-picker/core'
import { createPostgresStore } from '@game-picker/postgres'
import pg from 'pg'
import { expect, test } from 'vitest'
import { migrations } from '../../packages/postgres/src/schema.ts'
import { createTestDatabase } from '../helpers/postgres.ts'

const T = '2026-11-22T20:00:00.000Z'

test('a version-10 database gets the bundled app tags and keeps following its watched room', async () => {
  const url = await createTestDatabase()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL); CREATE TABLE store_setup (finished_at TEXT NOT NULL)')
    for (const [index, sql] of migrations.slice(0, 10).entries()) {
      await client.query(sql)
      await client.query('INSERT INTO schema_migrations VALUES ($1, $2)', [index + 1, T])
    }
    await client.query(`INSERT INTO store_setup VALUES ('${T}');
      INSERT INTO packs (name, created_at) VALUES ('The Jackbox Party Pack 3', '${T}'), ('Drawful 2', '${T}'), ('Mine', '${T}');
      INSERT INTO games (pack_name, title, min_players, max_players, created_at) VALUES
        ('The Jackbox Party Pack 3', 'Tee K.O.', 3, 8, '${T}'), ('Drawful 2', 'Drawful 2', 3, 8, '${T}'),
        ('The Jackbox Party Pack 3', 'Fakin'' It', 3, 6, '${T}'), ('Mine', 'Tee K.O.', 2, 4, '${T}');
      INSERT INTO sessions (created_at, is_active) VALUES ('${T}', 1);
      INSERT INTO session_games (session_id, game_id, played_at, status, room_code, player_count_check_status)
        VALUES (1, 1, '${T}', 'playing', 'ABCD', 'monitoring');`)
  } finally {
    await client.end()
  }

  const store = await createPostgresStore({ url, log: () => {} })
  const core = createCore({ store })
  try {
    expect((await core.games.list()).map((g) => [g.pack_name, g.title, g.app_tags])).toEqual([
      ['Drawful 2', 'Drawful 2', ['drawful2international', 'drawful2']],
      ['Mine', 'Tee K.O.', []],
      ['The Jackbox Party Pack 3', "Fakin' It", ['fakinit']],
      ['The Jackbox Party Pack 3', 'Tee K.O.', ['awshirt', 'awshirt-tjsp']],
    ])
    expect(await store.read((tx) => tx.getRoom(1))).toMatchObject({
      room_code: 'ABCD', state: 'unknown', players: [], following: 1, follow_until: '2026-11-23T02:00:00.000Z',
    })
  } finally {
    await core.close()
  }
})
