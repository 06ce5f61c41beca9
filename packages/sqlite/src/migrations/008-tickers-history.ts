// Schema version 8: tickers, ticker votes and the history reads.
// - games.ticker: 2 to 8 upper-case letters or digits, unique (the core upper-cases input, so
//   the index makes a ticker unique in any case). The bundled games get theirs.
// - games.last_played_at: the played_at of the game's newest session game that is not skipped,
//   kept by triggers like play_count, through an index on (game_id, played_at): a change looks at
//   one game's rows, newest first, never at the whole history.
// - votes.session_game_id may be NULL: a ticker vote names its game, not the one playing. SQLite
//   cannot drop NOT NULL in place, so the table is rebuilt (ids and the AUTOINCREMENT mark kept;
//   the counter triggers are recreated after the copy, so nothing is counted twice).
// - votes_by_session and votes_by_game: GET /api/votes pages newest first by id within a
//   session or a game; SQLite keeps the rowid in every index, so (session_id) is (session_id, id).
//   Both grow at their end during an import (one session, a few games), unlike a per-user index.
// (The first two statements must prepare on the old schema: the runner looks at them to tell a
// script from a single statement.)
import { bundledTickersSql } from '@game-picker/core'
import { voteCounterTriggers } from './001-initial.ts'

const lastPlayed = (gameId: string) => /* sql */ `UPDATE games SET last_played_at = (SELECT MAX(played_at)
    FROM session_games WHERE game_id = ${gameId} AND status <> 'skipped') WHERE id = ${gameId};`

export const tickersHistory = /* sql */ `
ALTER TABLE games ADD COLUMN ticker TEXT;
ALTER TABLE games ADD COLUMN last_played_at TEXT;
CREATE UNIQUE INDEX games_by_ticker ON games (ticker) WHERE ticker IS NOT NULL;
${bundledTickersSql()}

DROP INDEX session_games_by_game;
CREATE INDEX session_games_by_game ON session_games (game_id, played_at);
UPDATE games SET last_played_at = (SELECT MAX(played_at) FROM session_games WHERE game_id = games.id AND status <> 'skipped');
CREATE TRIGGER last_played_on_insert AFTER INSERT ON session_games
BEGIN ${lastPlayed('NEW.game_id')} END;
CREATE TRIGGER last_played_on_delete AFTER DELETE ON session_games
BEGIN ${lastPlayed('OLD.game_id')} END;
CREATE TRIGGER last_played_on_update AFTER UPDATE OF status, played_at, game_id ON session_games
BEGIN ${lastPlayed('OLD.game_id')} ${lastPlayed('NEW.game_id')} END;

DELETE FROM sqlite_sequence WHERE name = 'votes_new';
CREATE TABLE votes_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  session_game_id INTEGER REFERENCES session_games (id) ON DELETE CASCADE,
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('up', 'down')),
  timestamp TEXT NOT NULL
);
INSERT INTO votes_new SELECT id, session_id, session_game_id, game_id, username, type, timestamp FROM votes;
DELETE FROM sqlite_sequence WHERE name = 'votes_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'votes_new', seq FROM sqlite_sequence WHERE name = 'votes';
DROP TABLE votes;
ALTER TABLE votes_new RENAME TO votes;
CREATE INDEX votes_by_user ON votes (session_id, username, timestamp);
CREATE INDEX votes_by_session_game ON votes (session_game_id);
CREATE INDEX votes_by_session ON votes (session_id);
CREATE INDEX votes_by_game ON votes (game_id);
${voteCounterTriggers}`
