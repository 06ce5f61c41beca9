// Migration 8: a live vote costs four statements, and a sequencer run reads only the inbox's
// recent rows. Measured on 2 cores (bench/README.md): each executor start, trigger and foreign
// key check is a fixed cost a vote paid ten-odd times, and the inbox, deleted from at every run
// and vacuumed once a minute, grew by megabytes a minute that every run scanned.
//
// - votes keeps one foreign key, to its session game. session_id and game_id are copies of that
//   row's (a session game never changes session or game), and deleting a session or a game
//   deletes its session games, whose votes go with them: the two other keys checked (and
//   share-locked) the same rows again at every vote, and votes_by_game served only their cascade.
// - The counters' functions mark cached data changed themselves, instead of a trigger on the
//   delta rows that ran once more per statement.
// - A live vote counts itself (one upsert beside its insert) and tells the votes' statement
//   trigger to skip it (a transaction-local setting): the trigger's generic sum over a transition
//   table cost more than the vote's insert.
// - sequence_events: the sequencer's run as one prepared statement (it was planned anew each
//   time). It deletes inbox rows from the previous run's watermark up, through the (tx, seq)
//   index: every transaction older than the xmin of a run's snapshot had ended, so the run saw
//   (and moved) all of its rows, and none can appear later.
export const leanVotes = /* sql */ `
ALTER TABLE votes DROP CONSTRAINT votes_session_id_fkey, DROP CONSTRAINT votes_game_id_fkey;
DROP INDEX votes_by_game;

DROP TRIGGER counters_changed ON game_counter_deltas;
DROP FUNCTION mark_cache_changed();

CREATE OR REPLACE FUNCTION count_votes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE direction INTEGER := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO game_counter_deltas AS c (game_id, slot, upvotes, downvotes, changes)
  SELECT v.game_id, pg_backend_pid(), direction * COUNT(*) FILTER (WHERE v.type = 'up'),
    direction * COUNT(*) FILTER (WHERE v.type = 'down'), 1
  FROM changed_votes v WHERE EXISTS (SELECT 1 FROM games g WHERE g.id = v.game_id) GROUP BY v.game_id
  ON CONFLICT (game_id, slot) DO UPDATE SET upvotes = c.upvotes + excluded.upvotes,
    downvotes = c.downvotes + excluded.downvotes, changes = c.changes + 1;
  PERFORM set_config('game_picker.cache_changed', '1', true);
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
  PERFORM set_config('game_picker.cache_changed', '1', true);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION count_status_plays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO game_counter_deltas AS c (game_id, slot, play_count, changes)
  SELECT after.game_id, pg_backend_pid(), SUM(CASE WHEN after.status = 'skipped' THEN -1 ELSE 1 END), 1
  FROM rows_before before JOIN rows_after after ON after.id = before.id
  WHERE (before.status = 'skipped') <> (after.status = 'skipped') GROUP BY after.game_id
  ON CONFLICT (game_id, slot) DO UPDATE SET play_count = c.play_count + excluded.play_count, changes = c.changes + 1;
  PERFORM set_config('game_picker.cache_changed', '1', true);
  RETURN NULL;
END $$;

DROP TRIGGER votes_on_insert ON votes;
CREATE TRIGGER votes_on_insert AFTER INSERT ON votes REFERENCING NEW TABLE AS changed_votes FOR EACH STATEMENT
  WHEN (current_setting('game_picker.votes_counted', true) IS DISTINCT FROM '1') EXECUTE FUNCTION count_votes();

-- The same answers as before (schema-no-queues.ts), in four statements: where the vote goes and
-- the user's lock; the vote and its count unless the user voted within [p_from, p_to] (a
-- statement after the lock, so it sees every vote of theirs committed before); the counters as
-- they now are (a statement of its own: it reads the delta rows after its upsert, even one the
-- counters' folding moved meanwhile); the event and the deliveries.
CREATE OR REPLACE FUNCTION record_live_vote(p_username TEXT, p_type TEXT, p_timestamp TEXT, p_from TEXT, p_to TEXT, p_now TEXT)
RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  v_at RECORD;
  v_game RECORD;
  v_data TEXT;
  v_deliveries BIGINT;
BEGIN
  SELECT s.id AS session_id, sg.id, sg.game_id,
      (SELECT 1 FROM pg_advisory_xact_lock(hashtext('votes:' || s.id || ':' || p_username))) AS locked
    INTO v_at
    FROM sessions s CROSS JOIN LATERAL (SELECT id, game_id FROM session_games
      WHERE session_id = s.id AND played_at <= p_timestamp ORDER BY played_at DESC, id DESC LIMIT 1) sg
    WHERE s.is_active = 1;
  IF v_at.id IS NULL THEN RETURN NULL; END IF;
  WITH vote AS (
    INSERT INTO votes (session_id, session_game_id, game_id, username, type, timestamp)
    SELECT v_at.session_id, v_at.id, v_at.game_id, p_username, p_type, p_timestamp
    WHERE NOT EXISTS (SELECT 1 FROM votes WHERE session_id = v_at.session_id AND md5(username) = md5(p_username)
      AND username = p_username AND timestamp BETWEEN p_from AND p_to)
    RETURNING game_id)
  INSERT INTO game_counter_deltas AS c (game_id, slot, upvotes, downvotes, changes)
    SELECT game_id, pg_backend_pid(), (p_type = 'up')::int, (p_type = 'down')::int, 1 FROM vote
    ON CONFLICT (game_id, slot) DO UPDATE SET upvotes = c.upvotes + excluded.upvotes,
      downvotes = c.downvotes + excluded.downvotes, changes = c.changes + 1;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT g.id, g.title, g.upvotes + d.upvotes AS upvotes, g.downvotes + d.downvotes AS downvotes,
      g.popularity_score + d.upvotes - d.downvotes AS popularity_score,
      (SELECT COUNT(*) FROM session_games WHERE session_id = v_at.session_id) AS played
    INTO v_game
    FROM games g, LATERAL (SELECT COALESCE(SUM(upvotes), 0)::bigint AS upvotes, COALESCE(SUM(downvotes), 0)::bigint AS downvotes
      FROM game_counter_deltas WHERE game_id = g.id) d
    WHERE g.id = v_at.game_id;
  v_data := '{"session":{"id":' || v_at.session_id || ',"games_played":' || v_game.played
    || '},"game":{"id":' || v_game.id || ',"title":' || to_json(v_game.title)::text
    || ',"upvotes":' || v_game.upvotes || ',"downvotes":' || v_game.downvotes
    || ',"popularity_score":' || v_game.popularity_score
    || '},"vote":{"username":' || to_json(p_username)::text || ',"type":' || to_json(p_type)::text
    || ',"timestamp":' || to_json(p_timestamp)::text || '}}';
  WITH event AS (
    INSERT INTO event_inbox (type, body, created_at)
    VALUES ('vote.received', '{"event":"vote.received","timestamp":' || to_json(p_now)::text || ',"data":' || v_data || '}', p_now)),
  queued AS (
    INSERT INTO webhook_deliveries (delivery_id, webhook_id, event_type, payload, timestamp, next_attempt_at)
    SELECT gen_random_uuid()::text, w.id, 'vote.received', v_data, p_now, p_now FROM webhooks w
    WHERE w.enabled = 1 AND w.events::jsonb ? 'vote.received' ORDER BY w.id
    RETURNING 1)
  SELECT COUNT(*) INTO v_deliveries FROM queued;
  RETURN json_build_object('session_id', v_at.session_id, 'games_played', v_game.played, 'game_id', v_game.id,
    'title', v_game.title, 'upvotes', v_game.upvotes, 'downvotes', v_game.downvotes,
    'popularity_score', v_game.popularity_score, 'deliveries', v_deliveries, 'txid', pg_current_xact_id()::text)::text;
END $$;

-- Its votes count themselves (record_live_vote), so the votes' statement trigger skips them.
CREATE OR REPLACE FUNCTION record_live_votes(p_votes TEXT[]) RETURNS TEXT[] LANGUAGE plpgsql AS $$
DECLARE
  v_answers TEXT[] := '{}';
  v_at INTEGER;
BEGIN
  PERFORM set_config('game_picker.votes_counted', '1', true);
  FOR v_at IN 1 .. COALESCE(array_length(p_votes, 1), 0) BY 6 LOOP
    v_answers := v_answers || record_live_vote(p_votes[v_at], p_votes[v_at + 1], p_votes[v_at + 2],
      p_votes[v_at + 3], p_votes[v_at + 4], p_votes[v_at + 5]);
  END LOOP;
  PERFORM set_config('game_picker.votes_counted', '', true);
  RETURN v_answers;
END $$;

-- One sequencer run (sequencer.ts), in the statement's own transaction: the runs of all instances
-- take turns on the advisory lock, held until the commit. Moves the committed inbox rows with tx
-- at or above p_watermark into the log, in transaction order; returns how many were not this
-- instance's (p_ours), the watermark for the next run (the xmin of the moving statement's own
-- snapshot), and, when p_announcement is given, the cache holders that must hear it.
CREATE FUNCTION sequence_events(p_watermark xid8, p_ours TEXT[], p_sender TEXT, p_topics TEXT[], p_announcement TEXT,
  OUT foreign_events BIGINT, OUT watermark TEXT, OUT holders TEXT[])
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE v_moved BIGINT;
BEGIN
  -- Above the 32-bit range of hashtext(), so no tx.lock(key) can collide with it.
  PERFORM pg_advisory_xact_lock(7263540192881734);
  WITH taken AS (DELETE FROM event_inbox WHERE tx >= p_watermark RETURNING tx, seq, type, body, created_at),
    numbered AS (INSERT INTO events (type, body, created_at)
      SELECT type, body, created_at FROM taken ORDER BY tx, seq RETURNING id)
  SELECT (SELECT COUNT(*) FROM numbered), (SELECT COUNT(*) FROM taken WHERE NOT (tx::text = ANY (p_ours))),
      pg_snapshot_xmin(pg_current_snapshot())::text
    INTO v_moved, foreign_events, watermark;
  IF v_moved > 0 THEN PERFORM pg_notify('game_picker_changes', 'events ' || p_sender); END IF;
  PERFORM pg_notify('game_picker_changes', topic || ' ' || p_sender) FROM unnest(p_topics) AS topic;
  IF p_announcement IS NOT NULL THEN
    PERFORM pg_notify('game_picker_cache', p_announcement);
    holders := ARRAY(SELECT owner FROM cache_holders WHERE expires_at > now() AND owner <> p_sender);
  END IF;
END $$;
`
