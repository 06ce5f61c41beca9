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

-- A live vote in one statement (store.recordLiveVote): what votes.live does in the plain case,
-- in the same order (active session, matching game, the user's lock, the duplicate window,
-- the insert, the game's counters, the event, a delivery per subscribed webhook). NULL, having
-- written nothing, for anything else (no session, no game, a duplicate): the core's general
-- path then gives the exact answer. JSON is written as JSON.stringify writes it (to_json
-- escapes text the same way), so the event and the deliveries carry the same bytes.
CREATE FUNCTION record_live_vote(p_username TEXT, p_type TEXT, p_timestamp TEXT, p_from TEXT, p_to TEXT, p_now TEXT)
RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  v_session BIGINT;
  v_played BIGINT;
  v_row RECORD;
  v_game RECORD;
  v_data TEXT;
  v_deliveries INTEGER;
BEGIN
  SELECT id INTO v_session FROM sessions WHERE is_active = 1;
  IF v_session IS NULL THEN RETURN NULL; END IF;
  SELECT id, game_id INTO v_row FROM session_games WHERE session_id = v_session AND played_at <= p_timestamp
    ORDER BY played_at DESC, id DESC LIMIT 1;
  IF v_row.id IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('votes:' || v_session || ':' || p_username));
  IF EXISTS (SELECT 1 FROM votes WHERE session_id = v_session AND md5(username) = md5(p_username)
      AND username = p_username AND timestamp BETWEEN p_from AND p_to) THEN
    RETURN NULL;
  END IF;
  INSERT INTO votes (session_id, session_game_id, game_id, username, type, timestamp)
    VALUES (v_session, v_row.id, v_row.game_id, p_username, p_type, p_timestamp);
  SELECT COUNT(*) INTO v_played FROM session_games WHERE session_id = v_session;
  SELECT g.id, g.title, g.upvotes + COALESCE(d.upvotes, 0) AS upvotes, g.downvotes + COALESCE(d.downvotes, 0) AS downvotes,
    g.popularity_score + COALESCE(d.upvotes - d.downvotes, 0) AS popularity_score INTO v_game
    FROM games g LEFT JOIN LATERAL (SELECT SUM(upvotes)::bigint AS upvotes, SUM(downvotes)::bigint AS downvotes
      FROM game_counter_deltas WHERE game_id = g.id) d ON true
    WHERE g.id = v_row.game_id;
  v_data := '{"session":{"id":' || v_session || ',"games_played":' || v_played
    || '},"game":{"id":' || v_game.id || ',"title":' || to_json(v_game.title)::text
    || ',"upvotes":' || v_game.upvotes || ',"downvotes":' || v_game.downvotes
    || ',"popularity_score":' || v_game.popularity_score
    || '},"vote":{"username":' || to_json(p_username)::text || ',"type":' || to_json(p_type)::text
    || ',"timestamp":' || to_json(p_timestamp)::text || '}}';
  INSERT INTO event_inbox (type, body, created_at)
    VALUES ('vote.received', '{"event":"vote.received","timestamp":' || to_json(p_now)::text || ',"data":' || v_data || '}', p_now);
  INSERT INTO webhook_deliveries (delivery_id, webhook_id, event_type, payload, timestamp, next_attempt_at)
    SELECT gen_random_uuid()::text, w.id, 'vote.received', v_data, p_now, p_now FROM webhooks w
    WHERE w.enabled = 1 AND w.events::jsonb ? 'vote.received' ORDER BY w.id;
  GET DIAGNOSTICS v_deliveries = ROW_COUNT;
  RETURN json_build_object('session_id', v_session, 'games_played', v_played, 'game_id', v_game.id,
    'title', v_game.title, 'upvotes', v_game.upvotes, 'downvotes', v_game.downvotes,
    'popularity_score', v_game.popularity_score, 'deliveries', v_deliveries, 'txid', pg_current_xact_id()::text)::text;
END $$;

-- Several live votes, one after the other, in one transaction (so one commit, one WAL flush):
-- p_votes holds six values per vote, in record_live_vote's order; one answer per vote.
CREATE FUNCTION record_live_votes(p_votes TEXT[]) RETURNS TEXT[] LANGUAGE plpgsql AS $$
DECLARE
  v_answers TEXT[] := '{}';
  v_at INTEGER;
BEGIN
  FOR v_at IN 1 .. COALESCE(array_length(p_votes, 1), 0) BY 6 LOOP
    v_answers := v_answers || record_live_vote(p_votes[v_at], p_votes[v_at + 1], p_votes[v_at + 2],
      p_votes[v_at + 3], p_votes[v_at + 4], p_votes[v_at + 5]);
  END LOOP;
  RETURN v_answers;
END $$;
`
