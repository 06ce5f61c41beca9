// Migration 11: the room autopilot, as the sqlite store's schema version 9. Every game gets its
// Jackbox app tags (JSON text, `[]` when none); games of the bundled catalogue whose pack and
// title match get the bundled tags. A followed room's state is a row of its own, so any
// instance answers the room view; a room is followed (by one instance at a time, through its
// monitor lease) while `following` is 1 and until `follow_until`. Rooms the previous version's
// player check watched keep being followed.
import { bundledAppTagUpdates } from '@game-picker/core'

export const appTagsRooms = () => /* sql */ `
CREATE TABLE rooms (
  session_game_id BIGINT PRIMARY KEY REFERENCES session_games (id) ON DELETE CASCADE,
  room_code TEXT COLLATE "C" NOT NULL,
  app_tag TEXT COLLATE "C",
  state TEXT COLLATE "C" NOT NULL CHECK (state IN ('lobby', 'playing', 'ended', 'unknown')),
  players TEXT COLLATE "C" NOT NULL DEFAULT '[]',
  max_players BIGINT,
  audience_enabled INTEGER CHECK (audience_enabled IN (0, 1)),
  locked INTEGER NOT NULL DEFAULT 0 CHECK (locked IN (0, 1)),
  started_at TEXT COLLATE "C",
  ended_at TEXT COLLATE "C",
  updated_at TEXT COLLATE "C" NOT NULL,
  following INTEGER NOT NULL DEFAULT 1 CHECK (following IN (0, 1)),
  follow_until TEXT COLLATE "C" NOT NULL
);
ALTER TABLE games ADD COLUMN app_tags TEXT COLLATE "C" NOT NULL DEFAULT '[]';
CREATE INDEX rooms_followed ON rooms (following, follow_until);
INSERT INTO rooms (session_game_id, room_code, state, updated_at, follow_until)
  SELECT id, room_code, 'unknown', played_at,
    to_char((played_at::timestamptz + interval '6 hours') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  FROM session_games WHERE player_count_check_status = 'monitoring' AND room_code IS NOT NULL
    AND session_id IN (SELECT id FROM sessions WHERE is_active = 1);
${bundledAppTagUpdates()}
`
