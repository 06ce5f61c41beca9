// Migration 10 on a PostgreSQL database of the previous release (migrated to version 9): the
// bundled games get their tickers, every game its last_played_at, votes keep their rows and
// counts, and from then on a ticker vote (no session game) is stored and goes with its session.
import { createCore } from '@game-picker/core'
import { createPostgresStore } from '@game-picker/postgres'
import pg from 'pg'
import { expect, test } from 'vitest'
import { migrations } from '../../packages/postgres/src/schema.ts'
import { createTestDatabase } from '../helpers/postgres.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

const T = (minute: number) => `2026-11-22T20:${String(minute).padStart(2, '0')}:00.000Z`

test('a version-9 database gets tickers, last_played_at and ticker votes', async () => {
  const url = await createTestDatabase({ schema: 'none' })
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL); CREATE TABLE store_setup (finished_at TEXT NOT NULL)')
    for (const [index, sql] of migrations.slice(0, 9).entries()) {
      await client.query(sql)
      await client.query('INSERT INTO schema_migrations VALUES ($1, $2)', [index + 1, T(0)])
    }
    await client.query(`INSERT INTO store_setup VALUES ('${T(0)}');
      INSERT INTO packs (name, created_at) VALUES ('The Jackbox Party Pack 7', '${T(0)}'), ('Mine', '${T(0)}');
      INSERT INTO games (pack_name, title, min_players, max_players, created_at) VALUES
        ('The Jackbox Party Pack 7', 'Quiplash 3', 3, 8, '${T(0)}'), ('Mine', 'Homebrew', 2, 4, '${T(0)}');
      INSERT INTO sessions (created_at, closed_at, is_active) VALUES ('${T(0)}', '${T(59)}', 0);
      INSERT INTO session_games (session_id, game_id, played_at, status) VALUES (1, 1, '${T(1)}', 'played'),
        (1, 1, '${T(30)}', 'skipped'), (1, 2, '${T(20)}', 'played');
      INSERT INTO votes (session_id, session_game_id, game_id, username, type, timestamp) VALUES
        (1, 1, 1, 'ann', 'up', '${T(2)}'), (1, 3, 2, 'bob', 'down', '${T(21)}');`)
  } finally {
    await client.end()
  }

  const core = createCore({ secretKey: TEST_SECRET_KEY, store: await createPostgresStore({ url, log: () => {} }) })
  try {
    expect((await core.games.list()).map((g) => [g.title, g.ticker, g.last_played_at, g.upvotes, g.downvotes])).toEqual([
      ['Homebrew', null, T(20), 0, 1], ['Quiplash 3', 'QPL3', T(1), 1, 0]])
    const session = await core.sessions.start()
    await core.sessionGames.add(session.id, { game_id: 2 })
    const vote = await core.votes.live({ username: 'cat', vote: 'up', timestamp: new Date().toISOString(), ticker: 'qpl3' })
    expect(vote.game).toMatchObject({ title: 'Quiplash 3', upvotes: 2 })
    expect((await core.store.read((tx) => tx.listVotes(session.id))).map((v) => v.session_game_id)).toEqual([null])
    await core.sessions.close(session.id)
    await core.sessions.remove(session.id) // the ticker vote and its count go with the session
    expect((await core.games.get(1)).upvotes).toBe(1)
    await core.games.remove(2)
    expect((await core.games.list()).map((g) => g.title)).toEqual(['Quiplash 3'])
  } finally {
    await core.close()
  }
})
