// Migration 2: the derived counters are kept per statement, not per row. A statement that
// inserts many votes or session games (a chat import, a `db copy`) then updates each game
// once, instead of once per row: a transaction that updated the same game rows thousands of
// times made each update slower than the last (a copy of 100,000 votes took minutes).
// Transition tables (PostgreSQL 10+) hold the statement's rows; the sums are the same.

export const countersPerStatement = /* sql */ `
DROP TRIGGER votes_on_insert ON votes;
DROP TRIGGER votes_on_delete ON votes;
DROP FUNCTION count_vote();
DROP TRIGGER play_count_on_insert ON session_games;
DROP TRIGGER play_count_on_delete ON session_games;
DROP TRIGGER play_count_on_status ON session_games;
DROP FUNCTION count_play();

-- Inserted (+1) or deleted (-1) votes, summed per game.
CREATE FUNCTION count_votes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE direction INTEGER := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  UPDATE games g SET
    upvotes = g.upvotes + direction * d.up,
    downvotes = g.downvotes + direction * d.down,
    popularity_score = g.popularity_score + direction * (d.up - d.down)
  FROM (SELECT game_id, COUNT(*) FILTER (WHERE type = 'up') AS up, COUNT(*) FILTER (WHERE type = 'down') AS down
        FROM changed_votes GROUP BY game_id) d
  WHERE g.id = d.game_id;
  RETURN NULL;
END $$;
CREATE TRIGGER votes_on_insert AFTER INSERT ON votes
  REFERENCING NEW TABLE AS changed_votes FOR EACH STATEMENT EXECUTE FUNCTION count_votes();
CREATE TRIGGER votes_on_delete AFTER DELETE ON votes
  REFERENCING OLD TABLE AS changed_votes FOR EACH STATEMENT EXECUTE FUNCTION count_votes();

-- Inserted (+1) or deleted (-1) session games that are not skipped, summed per game.
CREATE FUNCTION count_plays() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE direction INTEGER := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  UPDATE games g SET play_count = g.play_count + direction * d.plays
  FROM (SELECT game_id, COUNT(*) AS plays FROM changed_rows WHERE status <> 'skipped' GROUP BY game_id) d
  WHERE g.id = d.game_id;
  RETURN NULL;
END $$;
CREATE TRIGGER play_count_on_insert AFTER INSERT ON session_games
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_plays();
CREATE TRIGGER play_count_on_delete AFTER DELETE ON session_games
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_plays();

-- A status change counts only when a row goes into or out of 'skipped'.
CREATE FUNCTION count_status_plays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games g SET play_count = g.play_count + d.plays
  FROM (SELECT after.game_id, SUM(CASE WHEN after.status = 'skipped' THEN -1 ELSE 1 END) AS plays
        FROM rows_before before JOIN rows_after after ON after.id = before.id
        WHERE (before.status = 'skipped') <> (after.status = 'skipped') GROUP BY after.game_id) d
  WHERE g.id = d.game_id;
  RETURN NULL;
END $$;
CREATE TRIGGER play_count_on_status AFTER UPDATE ON session_games
  REFERENCING OLD TABLE AS rows_before NEW TABLE AS rows_after FOR EACH STATEMENT EXECUTE FUNCTION count_status_plays();
`
