// Migration 10: tickers, ticker votes and the history reads (the sqlite store's migration 8).
// - games.ticker (upper-case, unique) with the bundled games' tickers, and games.last_played_at
//   (the played_at of the game's newest session game that is not skipped), appended in the
//   sqlite store's column order.
// - last_played_at is kept per statement by a trigger on session_games that looks at the changed
//   games' own rows, newest first, through (game_id, played_at): never the whole history. It
//   writes the games row, so it bumps the catalogue version like any change to games (adding a
//   session game is rare, unlike a vote, which still leaves games alone).
// - votes.session_game_id may be NULL (a ticker vote). Its one foreign key, to the session game,
//   no longer covers such a vote: deleting a session or a game deletes its ticker votes in the
//   write path, found through votes_by_session and a partial index on the game.
// - votes_by_session and votes_by_game: GET /api/votes pages newest first by id within a session
//   or a game.
import { bundledTickersSql } from '@game-picker/core'

export const tickersHistory = /* sql */ `
ALTER TABLE games ADD COLUMN ticker TEXT COLLATE "C", ADD COLUMN last_played_at TEXT COLLATE "C";
CREATE UNIQUE INDEX games_by_ticker ON games (ticker) WHERE ticker IS NOT NULL;
${bundledTickersSql()}

DROP INDEX session_games_by_game;
CREATE INDEX session_games_by_game ON session_games (game_id, played_at);
UPDATE games SET last_played_at = (SELECT MAX(played_at) FROM session_games WHERE game_id = games.id AND status <> 'skipped');

-- The games' last_played_at from their own rows (the newest one not skipped). No statement at
-- all for no games: an UPDATE of no rows would still bump the catalogue version.
CREATE FUNCTION refresh_last_played(p_games BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(p_games) = 0 THEN RETURN; END IF;
  UPDATE games g SET last_played_at = (SELECT MAX(sg.played_at) FROM session_games sg
      WHERE sg.game_id = g.id AND sg.status <> 'skipped')
    WHERE g.id = ANY (p_games);
END $$;
CREATE FUNCTION keep_last_played() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_last_played(ARRAY(SELECT game_id FROM changed_rows));
  RETURN NULL;
END $$;
CREATE TRIGGER last_played_on_insert AFTER INSERT ON session_games
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_last_played();
CREATE TRIGGER last_played_on_delete AFTER DELETE ON session_games
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_last_played();
CREATE FUNCTION keep_last_played_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose status, time or game changed (a room code or player count leaves games alone).
  PERFORM refresh_last_played(ARRAY(SELECT unnest(ARRAY[before.game_id, after.game_id])
    FROM rows_before before JOIN rows_after after ON after.id = before.id
    WHERE (before.status, before.played_at, before.game_id) IS DISTINCT FROM (after.status, after.played_at, after.game_id)));
  RETURN NULL;
END $$;
CREATE TRIGGER last_played_on_update AFTER UPDATE ON session_games
  REFERENCING OLD TABLE AS rows_before NEW TABLE AS rows_after FOR EACH STATEMENT EXECUTE FUNCTION keep_last_played_on_update();

ALTER TABLE votes ALTER COLUMN session_game_id DROP NOT NULL;
CREATE INDEX votes_by_session ON votes (session_id, id);
CREATE INDEX votes_by_game ON votes (game_id, id);
`
