// Migration 8 on a file written by schema version 7: the bundled games get their tickers, every
// game its last_played_at, the votes keep their rows, ids and counters, and ticker votes (no
// session game) can be stored from then on.
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'
import { createCore } from '@game-picker/core'
import { openSqlDatabase } from './durable-db.ts'
import { createSqliteStore } from './index.ts'
import { migrations } from './schema.ts'
import { TEST_SECRET_KEY } from '../../../test/helpers/secret-key.ts'

const T = (minute: number) => `2026-11-22T20:${String(minute).padStart(2, '0')}:00.000Z`

test('a version-7 file gets tickers, last_played_at and nullable session games on its votes', async () => {
  const file = join(tempDir(), 'v7.sqlite')
  const db = await openSqlDatabase({ file, migrations: migrations.slice(0, 7), onOpen: (w) => void w.run('PRAGMA foreign_keys = ON') })
  await db.write((w) => {
    w.run(`INSERT INTO packs (name, created_at) VALUES ('The Jackbox Party Pack 7', '${T(0)}'), ('Mine', '${T(0)}')`)
    w.run(`INSERT INTO games (pack_name, title, min_players, max_players, created_at) VALUES
      ('The Jackbox Party Pack 7', 'Quiplash 3', 3, 8, '${T(0)}'), ('Mine', 'Homebrew', 2, 4, '${T(0)}')`)
    w.run(`INSERT INTO sessions (created_at, closed_at, is_active) VALUES ('${T(0)}', '${T(59)}', 0)`)
    w.run(`INSERT INTO session_games (session_id, game_id, played_at, status) VALUES (1, 1, '${T(1)}', 'played'),
      (1, 1, '${T(30)}', 'skipped'), (1, 2, '${T(20)}', 'played')`)
    w.run(`INSERT INTO votes (session_id, session_game_id, game_id, username, type, timestamp) VALUES
      (1, 1, 1, 'ann', 'up', '${T(2)}'), (1, 3, 2, 'bob', 'down', '${T(21)}')`)
    w.run('DELETE FROM votes WHERE id = 2')
    w.run(`INSERT INTO votes (session_id, session_game_id, game_id, username, type, timestamp) VALUES (1, 3, 2, 'bob', 'up', '${T(22)}')`)
  })
  await db.close()

  const core = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore({ file }) })
  try {
    expect((await core.games.list()).map((g) => [g.title, g.ticker, g.last_played_at, g.upvotes, g.downvotes])).toEqual([
      ['Homebrew', null, T(20), 1, 0], ['Quiplash 3', 'QPL3', T(1), 1, 0]])
    const votes = await core.store.read((tx) => tx.listVotes(1))
    expect(votes.map((v) => [v.id, v.session_game_id, v.username])).toEqual([[1, 1, 'ann'], [3, 3, 'bob']])
    const session = await core.sessions.start()
    await core.sessionGames.add(session.id, { game_id: 2 })
    const vote = await core.votes.live({ username: 'cat', vote: 'up', timestamp: new Date().toISOString(), ticker: 'qpl3' })
    expect(vote.game).toMatchObject({ title: 'Quiplash 3', upvotes: 2 })
    const stored = await core.store.read((tx) => tx.listVotes(session.id))
    expect(stored.map((v) => [v.id, v.session_game_id])).toEqual([[4, null]]) // the AUTOINCREMENT mark survived
    await core.sessions.close(session.id)
    await core.sessions.remove(session.id) // takes the ticker vote and its count along
    expect((await core.games.get(1)).upvotes).toBe(1)
  } finally {
    await core.close()
  }
})
