// Schema version 3: a chat message is still unique per (session, user, time, text), but the
// index behind that rule orders by time first. An import inserts in time order, so the index
// now grows at its end, like the table: with the user first it grew at thousands of places at
// once and, past SQLite's page cache, every insert paid for a page read (a 1M-message import
// cost 1.7-2x per message what 100k cost).
//
// SQLite cannot change a table's UNIQUE constraint in place: the table is rebuilt. Its
// AUTOINCREMENT high-water mark is carried over, so ids of deleted messages stay unused.
// (The first two statements must prepare on the old schema: the runner looks at them to tell a
// script from a single statement.)
export const chatMessageKey = /* sql */ `
DELETE FROM sqlite_sequence WHERE name = 'chat_messages_new';
CREATE TABLE chat_messages_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  message TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  vote_type TEXT CHECK (vote_type IS NULL OR vote_type IN ('up', 'down')),
  session_game_id INTEGER REFERENCES session_games (id) ON DELETE SET NULL,
  UNIQUE (session_id, timestamp, username, message)
);
INSERT INTO chat_messages_new SELECT id, session_id, username, message, timestamp, vote_type, session_game_id FROM chat_messages;
DELETE FROM sqlite_sequence WHERE name = 'chat_messages_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'chat_messages_new', seq FROM sqlite_sequence WHERE name = 'chat_messages';
DROP TABLE chat_messages;
ALTER TABLE chat_messages_new RENAME TO chat_messages;
`
