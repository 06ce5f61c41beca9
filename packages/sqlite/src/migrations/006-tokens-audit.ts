// Schema version 5: API tokens (only the SHA-256 of each token is kept) and the audit log, kept
// 90 days and pruned by its time index like the webhook delivery logs; the Twitch chat
// connector's one row (channel, state, counts, lease) and the ids of the chat messages it
// counted (kept a day, so none is counted twice after a reconnect or a takeover).
export const tokensAudit = /* sql */ `
CREATE TABLE api_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  scopes TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT,
  last_used_at TEXT
);
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  status INTEGER NOT NULL
);
CREATE INDEX audit_log_by_time ON audit_log (at);
CREATE TABLE chat_connector (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  channel TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('connecting', 'connected', 'reconnecting')),
  since TEXT NOT NULL,
  up INTEGER NOT NULL DEFAULT 0,
  down INTEGER NOT NULL DEFAULT 0,
  poll INTEGER NOT NULL DEFAULT 0,
  ignored INTEGER NOT NULL DEFAULT 0,
  owner TEXT,
  lease_until TEXT
);
CREATE TABLE chat_seen_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id TEXT NOT NULL UNIQUE,
  seen_at TEXT NOT NULL
);
CREATE INDEX chat_seen_messages_by_time ON chat_seen_messages (seen_at);
`
