// Schema version 1, as first released. Frozen: later changes are later migrations.

/** The vote counters' triggers (migration 8 recreates them after its rebuild of votes). */
export const voteCounterTriggers = /* sql */ `
CREATE TRIGGER votes_on_insert AFTER INSERT ON votes
BEGIN
  UPDATE games SET
    upvotes = upvotes + (NEW.type = 'up'),
    downvotes = downvotes + (NEW.type = 'down'),
    popularity_score = popularity_score + (CASE WHEN NEW.type = 'up' THEN 1 ELSE -1 END)
  WHERE id = NEW.game_id;
END;
CREATE TRIGGER votes_on_delete AFTER DELETE ON votes
BEGIN
  UPDATE games SET
    upvotes = upvotes - (OLD.type = 'up'),
    downvotes = downvotes - (OLD.type = 'down'),
    popularity_score = popularity_score - (CASE WHEN OLD.type = 'up' THEN 1 ELSE -1 END)
  WHERE id = OLD.game_id;
END;
`

/** The triggers that keep the derived counters (migration 2 recreates them after its rebuild). */
export const counterTriggers = /* sql */ `
CREATE TRIGGER play_count_on_insert AFTER INSERT ON session_games WHEN NEW.status <> 'skipped'
BEGIN UPDATE games SET play_count = play_count + 1 WHERE id = NEW.game_id; END;
CREATE TRIGGER play_count_on_delete AFTER DELETE ON session_games WHEN OLD.status <> 'skipped'
BEGIN UPDATE games SET play_count = play_count - 1 WHERE id = OLD.game_id; END;
CREATE TRIGGER play_count_on_status AFTER UPDATE OF status ON session_games
  WHEN (OLD.status = 'skipped') <> (NEW.status = 'skipped')
BEGIN
  UPDATE games SET play_count = play_count + (CASE WHEN NEW.status = 'skipped' THEN -1 ELSE 1 END)
  WHERE id = NEW.game_id;
END;

${voteCounterTriggers}`

export const initial = /* sql */ `
CREATE TABLE packs (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  favor_bias INTEGER NOT NULL DEFAULT 0 CHECK (favor_bias IN (-1, 0, 1)),
  created_at TEXT NOT NULL
);

CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  pack_name TEXT NOT NULL,
  title TEXT NOT NULL,
  min_players INTEGER NOT NULL CHECK (min_players >= 1),
  max_players INTEGER NOT NULL CHECK (max_players >= min_players),
  length_minutes INTEGER CHECK (length_minutes IS NULL OR length_minutes > 0),
  has_audience INTEGER NOT NULL DEFAULT 0 CHECK (has_audience IN (0, 1)),
  family_friendly INTEGER NOT NULL DEFAULT 0 CHECK (family_friendly IN (0, 1)),
  game_type TEXT,
  secondary_type TEXT,
  play_count INTEGER NOT NULL DEFAULT 0,
  popularity_score INTEGER NOT NULL DEFAULT 0,
  upvotes INTEGER NOT NULL DEFAULT 0,
  downvotes INTEGER NOT NULL DEFAULT 0,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  favor_bias INTEGER NOT NULL DEFAULT 0 CHECK (favor_bias IN (-1, 0, 1)),
  created_at TEXT NOT NULL,
  UNIQUE (pack_name, title)
);

CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  created_at TEXT NOT NULL,
  closed_at TEXT,
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  notes TEXT
);
CREATE UNIQUE INDEX sessions_one_active ON sessions (is_active) WHERE is_active = 1;

CREATE TABLE session_games (
  id INTEGER PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  played_at TEXT NOT NULL,
  manually_added INTEGER NOT NULL DEFAULT 0 CHECK (manually_added IN (0, 1)),
  status TEXT NOT NULL CHECK (status IN ('playing', 'played', 'skipped')),
  room_code TEXT,
  player_count INTEGER CHECK (player_count IS NULL OR player_count >= 0),
  player_count_check_status TEXT
);
CREATE INDEX session_games_by_session ON session_games (session_id, played_at, id);
CREATE INDEX session_games_by_game ON session_games (game_id);

CREATE TABLE chat_messages (
  id INTEGER PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  message TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  vote_type TEXT CHECK (vote_type IS NULL OR vote_type IN ('up', 'down')),
  session_game_id INTEGER REFERENCES session_games (id) ON DELETE SET NULL,
  UNIQUE (session_id, username, timestamp, message)
);

CREATE TABLE votes (
  id INTEGER PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  session_game_id INTEGER NOT NULL REFERENCES session_games (id) ON DELETE CASCADE,
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('up', 'down')),
  timestamp TEXT NOT NULL
);
CREATE INDEX votes_by_user ON votes (session_id, username, timestamp);
CREATE INDEX votes_by_session_game ON votes (session_game_id);

${counterTriggers}
CREATE TABLE webhooks (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  url TEXT NOT NULL,
  secret TEXT NOT NULL,
  events TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at TEXT NOT NULL
);

CREATE TABLE webhook_logs (
  id INTEGER PRIMARY KEY,
  webhook_id INTEGER NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  response_status INTEGER,
  error_message TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_logs_by_webhook ON webhook_logs (webhook_id, id);

-- The outbox: one row per (event, subscribed webhook), written in the transaction that
-- caused the event; next_attempt_at NULL once delivered or out of attempts.
CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY,
  delivery_id TEXT NOT NULL UNIQUE,
  webhook_id INTEGER NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE next_attempt_at IS NOT NULL;

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`
