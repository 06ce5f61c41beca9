// SQL text and row mapping shared by the reads and writes of the sqlite store.
import type { SqlValue } from './durable-db.ts'

export { toApiToken, toApiTokenRecord, toChatConnector, toDelivery, toGame, toRoomRecord, toWebhook, toWebhookLog } from '@game-picker/core'

export type Row = Record<string, SqlValue>

export const SESSION_SELECT = `SELECT s.id, s.created_at, s.closed_at, s.is_active, s.notes,
  (SELECT COUNT(*) FROM session_games sg WHERE sg.session_id = s.id) AS games_played
  FROM sessions s`

/** Sessions after session ? in the newest-first order (?, ? and ? the same id; a deleted one: by id alone). */
export const SESSION_BEFORE = `(? IS NULL OR (s.created_at, s.id) < (SELECT created_at, id FROM sessions WHERE id = ?)
  OR (NOT EXISTS (SELECT 1 FROM sessions WHERE id = ?) AND s.id < ?))`

/** One session's votes per game, by net, upvotes, title (then id, for ties of title). */
export const SESSION_TALLY = `SELECT v.game_id, g.title, g.pack_name,
  SUM(v.type = 'up') AS upvotes, SUM(v.type = 'down') AS downvotes, SUM(CASE WHEN v.type = 'up' THEN 1 ELSE -1 END) AS net
  FROM votes v JOIN games g ON g.id = v.game_id WHERE v.session_id = ?
  GROUP BY v.game_id ORDER BY net DESC, upvotes DESC, g.title, v.game_id`

export const SESSION_GAME_SELECT = `SELECT sg.id, sg.session_id, sg.game_id, sg.played_at,
  sg.manually_added, sg.status, sg.room_code, sg.player_count, sg.player_count_check_status,
  g.pack_name, g.title, g.game_type, g.min_players, g.max_players,
  g.popularity_score, g.upvotes, g.downvotes
  FROM session_games sg JOIN games g ON g.id = sg.game_id`

/** `SET a = ?, b = ?` and its values for the defined keys of a patch. */
export function setClause(patch: Record<string, unknown>): { sql: string; values: SqlValue[] } {
  const keys = Object.keys(patch).filter((key) => patch[key] !== undefined)
  return {
    sql: keys.map((key) => `${key} = ?`).join(', '),
    values: keys.map((key) => patch[key] as SqlValue),
  }
}
