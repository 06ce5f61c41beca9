// SQL text shared by the reads and writes; rows become the port's shapes through the core's
// mappers, as in the sqlite store.
export { toDelivery, toWebhook, toWebhookLog } from '@game-picker/core'

export const SESSION_SELECT = `SELECT s.id, s.created_at, s.closed_at, s.is_active, s.notes,
  (SELECT COUNT(*) FROM session_games sg WHERE sg.session_id = s.id) AS games_played
  FROM sessions s`

export const SESSION_GAME_COLUMNS = `sg.id, sg.session_id, sg.game_id, sg.played_at,
  sg.manually_added, sg.status, sg.room_code, sg.player_count, sg.player_count_check_status,
  g.pack_name, g.title, g.game_type, g.min_players, g.max_players,
  g.popularity_score, g.upvotes, g.downvotes`

export const SESSION_GAME_SELECT = `SELECT ${SESSION_GAME_COLUMNS} FROM session_games sg JOIN games g ON g.id = sg.game_id`
