// Schema version 2.
// - Ids are never reused: every table with an id gets AUTOINCREMENT, so deleting the newest
//   session, game or webhook never hands its id to the next one (webhook receivers, overlays
//   and kept exports remember ids). SQLite can only add AUTOINCREMENT by rebuilding a table.
// - `events`: the durable log behind the live event stream, written in the transaction of the
//   change it reports.
// - Leases, so that with a store shared by several servers each webhook attempt and each room
//   monitor has one owner; failed logins, so the login limit counts across servers.
// - At most one `playing` row per session, enforced by the schema like one active session.
//
// The rebuild creates the new tables under `_new` names that reference each other, copies the
// rows (ids and counters as they are; triggers come last so nothing is counted twice), drops the
// old tables children first (a dropped parent would otherwise cascade into its children), and
// renames; SQLite rewrites the foreign keys to the final names.
import { counterTriggers } from './001-initial.ts'

const tables = (x: string) => /* sql */ `
CREATE TABLE packs${x} (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  favor_bias INTEGER NOT NULL DEFAULT 0 CHECK (favor_bias IN (-1, 0, 1)),
  created_at TEXT NOT NULL
);
CREATE TABLE games${x} (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
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
CREATE TABLE sessions${x} (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at TEXT NOT NULL,
  closed_at TEXT,
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  notes TEXT
);
CREATE TABLE session_games${x} (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id INTEGER NOT NULL REFERENCES sessions${x} (id) ON DELETE CASCADE,
  game_id INTEGER NOT NULL REFERENCES games${x} (id) ON DELETE CASCADE,
  played_at TEXT NOT NULL,
  manually_added INTEGER NOT NULL DEFAULT 0 CHECK (manually_added IN (0, 1)),
  status TEXT NOT NULL CHECK (status IN ('playing', 'played', 'skipped')),
  room_code TEXT,
  player_count INTEGER CHECK (player_count IS NULL OR player_count >= 0),
  player_count_check_status TEXT
);
CREATE TABLE chat_messages${x} (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id INTEGER NOT NULL REFERENCES sessions${x} (id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  message TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  vote_type TEXT CHECK (vote_type IS NULL OR vote_type IN ('up', 'down')),
  session_game_id INTEGER REFERENCES session_games${x} (id) ON DELETE SET NULL,
  UNIQUE (session_id, username, timestamp, message)
);
CREATE TABLE votes${x} (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id INTEGER NOT NULL REFERENCES sessions${x} (id) ON DELETE CASCADE,
  session_game_id INTEGER NOT NULL REFERENCES session_games${x} (id) ON DELETE CASCADE,
  game_id INTEGER NOT NULL REFERENCES games${x} (id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('up', 'down')),
  timestamp TEXT NOT NULL
);
CREATE TABLE webhooks${x} (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  url TEXT NOT NULL,
  secret TEXT NOT NULL,
  events TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at TEXT NOT NULL
);
CREATE TABLE webhook_logs${x} (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  webhook_id INTEGER NOT NULL REFERENCES webhooks${x} (id) ON DELETE CASCADE,
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  response_status INTEGER,
  error_message TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE webhook_deliveries${x} (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id TEXT NOT NULL UNIQUE,
  webhook_id INTEGER NOT NULL REFERENCES webhooks${x} (id) ON DELETE CASCADE,
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  lease_owner TEXT,
  lease_until TEXT
);
`

// Parents after children in REBUILT, so the drops run children first.
const REBUILT = ['votes', 'chat_messages', 'session_games', 'webhook_logs', 'webhook_deliveries', 'games', 'sessions', 'packs', 'webhooks']

const copy = (table: string, columns = '*') => `INSERT INTO ${table}_new SELECT ${columns} FROM ${table};`

const copyRows = [...REBUILT].reverse().map((table) =>
  table === 'webhook_deliveries' ? copy(table, '*, NULL, NULL') : copy(table)).join('\n')

const dropOld = REBUILT.map((table) => `DROP TABLE ${table};`).join('\n')
const renameNew = REBUILT.map((table) => `ALTER TABLE ${table}_new RENAME TO ${table};`).join('\n')

const indexesAndTriggers = /* sql */ `
CREATE UNIQUE INDEX sessions_one_active ON sessions (is_active) WHERE is_active = 1;
CREATE INDEX session_games_by_session ON session_games (session_id, played_at, id);
CREATE INDEX session_games_by_game ON session_games (game_id);
CREATE UNIQUE INDEX session_games_one_playing ON session_games (session_id) WHERE status = 'playing';
CREATE INDEX session_games_by_check_status ON session_games (player_count_check_status)
  WHERE player_count_check_status IS NOT NULL;
CREATE INDEX votes_by_user ON votes (session_id, username, timestamp);
CREATE INDEX votes_by_session_game ON votes (session_game_id);
CREATE INDEX webhook_logs_by_webhook ON webhook_logs (webhook_id, id);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE next_attempt_at IS NOT NULL;

${counterTriggers}
`

const newTables = /* sql */ `
-- The event log: body is the JSON text { event, timestamp, data } that webhooks receive.
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX events_by_time ON events (created_at);

CREATE TABLE login_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  address TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX login_failures_by_address ON login_failures (address, at);

-- Which server watches a session game's room, until when.
CREATE TABLE monitor_leases (
  session_game_id INTEGER PRIMARY KEY REFERENCES session_games (id) ON DELETE CASCADE,
  owner TEXT NOT NULL,
  lease_until TEXT NOT NULL
);
`

// A file written by hand could hold two `playing` rows in a session; keep the newest so the
// new unique index can be built (no counter changes: playing and played both count as played).
const onePlayingRow = /* sql */ `
UPDATE session_games_new SET status = 'played' WHERE status = 'playing'
  AND id NOT IN (SELECT MAX(id) FROM session_games_new WHERE status = 'playing' GROUP BY session_id);
`

export const idsEventsLeases = [tables('_new'), copyRows, onePlayingRow, dropOld, renameNew, indexesAndTriggers, newTables]
  .join('\n')
