// Migration 3: nothing that every write must take in turn.
// - The derived counters (play_count, upvotes, downvotes, popularity_score) stop updating the
//   game's row, which every vote for the game playing used to lock until its commit was on
//   disk. Triggers add to a delta row of the game *for the database session that writes*
//   (pg_backend_pid()): a session runs one transaction at a time, so no two transactions ever
//   wait for the same delta row. Reads add the deltas to the game's stored counters (rows.ts);
//   now and then they are folded back into the games (folding changes no value anyone reads).
// - The catalogue version is no longer bumped by votes and plays (they leave games alone); the
//   cache key adds the deltas' change count instead (see caches.ts). Sessions and webhooks get
//   versions of their own, bumped by the rare writes that change them.
// - Events go to an inbox in the writing transaction, with its transaction id (xid8). A
//   sequencer (one at a time, off every request's transaction) moves the inbox rows whose
//   transactions are older than the oldest one still running into the event log, in
//   transaction order: ids are handed out in commit order, without a lock any writer waits on.
export const noQueues = /* sql */ `
CREATE TABLE game_counter_deltas (
  game_id BIGINT NOT NULL,
  slot INTEGER NOT NULL,
  play_count BIGINT NOT NULL DEFAULT 0,
  upvotes BIGINT NOT NULL DEFAULT 0,
  downvotes BIGINT NOT NULL DEFAULT 0,
  changes BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, slot)
);

-- Deltas for a game deleted in the same transaction are not written: its rows are gone.
CREATE OR REPLACE FUNCTION count_votes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE direction INTEGER := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO game_counter_deltas AS c (game_id, slot, upvotes, downvotes, changes)
  SELECT v.game_id, pg_backend_pid(), direction * COUNT(*) FILTER (WHERE v.type = 'up'),
    direction * COUNT(*) FILTER (WHERE v.type = 'down'), 1
  FROM changed_votes v WHERE EXISTS (SELECT 1 FROM games g WHERE g.id = v.game_id) GROUP BY v.game_id
  ON CONFLICT (game_id, slot) DO UPDATE SET upvotes = c.upvotes + excluded.upvotes,
    downvotes = c.downvotes + excluded.downvotes, changes = c.changes + 1;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION count_plays() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE direction INTEGER := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO game_counter_deltas AS c (game_id, slot, play_count, changes)
  SELECT r.game_id, pg_backend_pid(), direction * COUNT(*), 1
  FROM changed_rows r WHERE r.status <> 'skipped' AND EXISTS (SELECT 1 FROM games g WHERE g.id = r.game_id)
  GROUP BY r.game_id
  ON CONFLICT (game_id, slot) DO UPDATE SET play_count = c.play_count + excluded.play_count, changes = c.changes + 1;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION count_status_plays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO game_counter_deltas AS c (game_id, slot, play_count, changes)
  SELECT after.game_id, pg_backend_pid(), SUM(CASE WHEN after.status = 'skipped' THEN -1 ELSE 1 END), 1
  FROM rows_before before JOIN rows_after after ON after.id = before.id
  WHERE (before.status = 'skipped') <> (after.status = 'skipped') GROUP BY after.game_id
  ON CONFLICT (game_id, slot) DO UPDATE SET play_count = c.play_count + excluded.play_count, changes = c.changes + 1;
  RETURN NULL;
END $$;

INSERT INTO cache_versions (name, version) VALUES ('sessions', 0), ('webhooks', 0);
CREATE FUNCTION bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version('sessions');
CREATE TRIGGER session_games_version AFTER INSERT OR DELETE OR TRUNCATE ON session_games
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version('sessions');
CREATE TRIGGER session_games_version_timeline AFTER UPDATE OF session_id, game_id, played_at ON session_games
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version('sessions');
CREATE TRIGGER webhooks_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON webhooks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version('webhooks');

CREATE TABLE event_inbox (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  type TEXT COLLATE "C" NOT NULL,
  body TEXT COLLATE "C" NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX event_inbox_by_tx ON event_inbox (tx, seq);
`
