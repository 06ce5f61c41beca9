// Schema version 10: the viewer queue. One row per session that ever opened its queue, its
// entries (at most 200 at a time; both are deleted when the session ends), and the chat
// connectors' count of the joins and leaves they applied.
export const viewerQueue = /* sql */ `
CREATE TABLE queues (
  session_id INTEGER PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
  open INTEGER NOT NULL DEFAULT 0 CHECK (open IN (0, 1)),
  host_players INTEGER NOT NULL DEFAULT 1 CHECK (host_players BETWEEN 0 AND 8),
  event_at TEXT,
  event_pending INTEGER NOT NULL DEFAULT 0 CHECK (event_pending IN (0, 1))
);
CREATE TABLE queue_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  viewer TEXT NOT NULL,
  name TEXT NOT NULL,
  seat_name TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('waiting', 'seated', 'joined', 'no_show')),
  games_played INTEGER NOT NULL DEFAULT 0,
  joined_at TEXT NOT NULL,
  session_game_id INTEGER,
  seat_order INTEGER
);
CREATE UNIQUE INDEX queue_entries_viewer ON queue_entries (session_id, viewer);
ALTER TABLE chat_connectors ADD COLUMN queue INTEGER NOT NULL DEFAULT 0;
`
