// SQL text shared by the reads and writes; rows become the port's shapes through the core's
// mappers, as in the sqlite store.
export {
  type StoredRow, toApiToken, toApiTokenRecord, toChatConnector, toDelivery, toGame, toRoomRecord, toWebhook, toWebhookLog,
} from '@game-picker/core'

/** The game's counter deltas not yet folded into its row (see schema-no-queues.ts), as `d`. */
const DELTAS = `LEFT JOIN LATERAL (SELECT SUM(play_count)::bigint AS play_count, SUM(upvotes)::bigint AS upvotes,
  SUM(downvotes)::bigint AS downvotes FROM game_counter_deltas WHERE game_id = g.id) d ON true`

const counter = (column: string, delta: string) => `g.${column} + COALESCE(${delta}, 0) AS ${column}`
const PLAYS = counter('play_count', 'd.play_count')
const SCORE = counter('popularity_score', 'd.upvotes - d.downvotes')
const UP = counter('upvotes', 'd.upvotes')
const DOWN = counter('downvotes', 'd.downvotes')

/** A game row as the sqlite store returns it (same columns, same order), counters included. */
export const GAME_SELECT = `SELECT g.id, g.pack_name, g.title, g.min_players, g.max_players, g.length_minutes,
  g.has_audience, g.family_friendly, g.game_type, g.secondary_type, ${PLAYS}, ${SCORE}, ${UP}, ${DOWN},
  g.enabled, g.favor_bias, g.created_at, g.ticker, g.last_played_at, g.app_tags FROM games g ${DELTAS}`

export const SESSION_SELECT = `SELECT s.id, s.created_at, s.closed_at, s.is_active, s.notes,
  (SELECT COUNT(*) FROM session_games sg WHERE sg.session_id = s.id) AS games_played
  FROM sessions s`

/** Sessions after session $1 in the newest-first order ($1 null: from the newest; a deleted one: by id alone). */
export const SESSION_BEFORE = `($1::bigint IS NULL OR (s.created_at, s.id) < (SELECT created_at, id FROM sessions WHERE id = $1)
  OR (NOT EXISTS (SELECT 1 FROM sessions WHERE id = $1) AND s.id < $1))`

/** One session's votes per game, by net, upvotes, title (then id, for ties of title). */
export const SESSION_TALLY = `SELECT v.game_id, g.title, g.pack_name,
  COUNT(*) FILTER (WHERE v.type = 'up') AS upvotes, COUNT(*) FILTER (WHERE v.type = 'down') AS downvotes,
  SUM(CASE WHEN v.type = 'up' THEN 1 ELSE -1 END)::bigint AS net
  FROM votes v JOIN games g ON g.id = v.game_id WHERE v.session_id = $1
  GROUP BY v.game_id, g.title, g.pack_name ORDER BY net DESC, upvotes DESC, g.title, v.game_id`

export const SESSION_GAME_COLUMNS = `sg.id, sg.session_id, sg.game_id, sg.played_at,
  sg.manually_added, sg.status, sg.room_code, sg.player_count, sg.player_count_check_status,
  g.pack_name, g.title, g.game_type, g.min_players, g.max_players, ${SCORE}, ${UP}, ${DOWN}`

/** Joins the game (as `g`, with its deltas as `d`) of the session games `sg`. */
export const SESSION_GAME_JOIN = `JOIN games g ON g.id = sg.game_id ${DELTAS}`

export const SESSION_GAME_SELECT = `SELECT ${SESSION_GAME_COLUMNS} FROM session_games sg ${SESSION_GAME_JOIN}`

export const EVENT_COLUMNS = 'id, type, body, created_at'
