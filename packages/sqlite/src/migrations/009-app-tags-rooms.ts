// Schema version 9: the room autopilot. Every game gets its Jackbox app tags (JSON text, `[]`
// when none); games of the bundled catalogue whose pack and title match get the bundled tags.
// A followed room's state is a row of its own, so any server answers the room view; a room is
// followed (one server at a time, through its monitor lease) while `following` is 1 and until
// `follow_until`. Rooms watched by the previous version's player check keep being followed.
// The games column comes second: the store prepares a script's first two statements before
// running it, and the updates that use the column must not be among them.
import { bundledAppTagUpdates } from '@game-picker/core'

export const appTagsRooms = () => /* sql */ `
CREATE TABLE rooms (
  session_game_id INTEGER PRIMARY KEY REFERENCES session_games (id) ON DELETE CASCADE,
  room_code TEXT NOT NULL,
  app_tag TEXT,
  state TEXT NOT NULL CHECK (state IN ('lobby', 'playing', 'ended', 'unknown')),
  players TEXT NOT NULL DEFAULT '[]',
  max_players INTEGER,
  audience_enabled INTEGER CHECK (audience_enabled IN (0, 1)),
  locked INTEGER NOT NULL DEFAULT 0 CHECK (locked IN (0, 1)),
  started_at TEXT,
  ended_at TEXT,
  updated_at TEXT NOT NULL,
  following INTEGER NOT NULL DEFAULT 1 CHECK (following IN (0, 1)),
  follow_until TEXT NOT NULL
);
ALTER TABLE games ADD COLUMN app_tags TEXT NOT NULL DEFAULT '[]';
CREATE INDEX rooms_followed ON rooms (following, follow_until);
INSERT INTO rooms (session_game_id, room_code, state, updated_at, follow_until)
  SELECT id, room_code, 'unknown', played_at, strftime('%Y-%m-%dT%H:%M:%fZ', played_at, '+6 hours')
  FROM session_games WHERE player_count_check_status = 'monitoring' AND room_code IS NOT NULL
    AND session_id IN (SELECT id FROM sessions WHERE is_active = 1);
${bundledAppTagUpdates()}
`
