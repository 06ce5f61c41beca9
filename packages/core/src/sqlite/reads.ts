// The read half of the sqlite Store.
import type { StoreReads } from '../store.ts'
import type { ChatMessage, Game, Pack, Session, SessionGame, Vote } from '../types.ts'
import type { SqlReader } from './durable-db.ts'
import { SESSION_GAME_SELECT, SESSION_SELECT, toDelivery, toWebhook, toWebhookLog } from './rows.ts'

/** The catalogue queries, which a caller may serve from a cache. */
export interface Catalogue {
  games(): readonly Game[]
  packs(): readonly Pack[]
}

export const queryCatalogue = (db: SqlReader): Catalogue => ({
  games: () => db.all<Game>('SELECT * FROM games ORDER BY pack_name, title'),
  packs: () => db.all<Pack>('SELECT * FROM packs ORDER BY name'),
})

export function createReads(db: SqlReader, catalogue: Catalogue): StoreReads {
  const one = <T>(sql: string, params: (string | number | null)[]) => db.get<T>(sql, params) ?? null
  return {
    listGames: async () => catalogue.games(),
    getGame: async (id) => one<Game>('SELECT * FROM games WHERE id = ?', [id]),
    findGame: async (packName, title) =>
      one<Game>('SELECT * FROM games WHERE pack_name = ? AND title = ?', [packName, title]),
    listPacks: async () => catalogue.packs(),
    getPack: async (name) => one<Pack>('SELECT * FROM packs WHERE name = ?', [name]),

    listSessions: async () => db.all<Session>(`${SESSION_SELECT} ORDER BY s.created_at DESC, s.id DESC`),
    countSessions: async () =>
      db.get<{ total: number; active: number }>(
        'SELECT COUNT(*) AS total, COALESCE(SUM(is_active), 0) AS active FROM sessions',
      )!,
    getSession: async (id) => one<Session>(`${SESSION_SELECT} WHERE s.id = ?`, [id]),
    getActiveSession: async () => one<Session>(`${SESSION_SELECT} WHERE s.is_active = 1`, []),
    listSessionGames: async (sessionId) =>
      db.all<SessionGame>(`${SESSION_GAME_SELECT} WHERE sg.session_id = ? ORDER BY sg.played_at, sg.id`, [sessionId]),
    getSessionGame: async (id) => one<SessionGame>(`${SESSION_GAME_SELECT} WHERE sg.id = ?`, [id]),
    listSessionGamesByCheckStatus: async (status) =>
      db.all<SessionGame>(`${SESSION_GAME_SELECT} WHERE sg.player_count_check_status = ? ORDER BY sg.id`, [status]),

    findNearestVote: async (sessionId, username, from, to) => {
      // Usually no row is in the window; picking the nearest in JS keeps the SQL a plain range scan.
      const votes = db.all<Vote>(
        'SELECT * FROM votes WHERE session_id = ? AND username = ? AND timestamp BETWEEN ? AND ?',
        [sessionId, username, from, to],
      )
      const middle = (Date.parse(from) + Date.parse(to)) / 2
      const distance = (vote: Vote) => Math.abs(Date.parse(vote.timestamp) - middle)
      return votes.reduce<Vote | null>((best, vote) => (best && distance(best) <= distance(vote) ? best : vote), null)
    },
    listVotes: async (sessionId) =>
      db.all<Vote>('SELECT * FROM votes WHERE session_id = ? ORDER BY timestamp, id', [sessionId]),
    listChatMessages: async (sessionId) =>
      db.all<ChatMessage>('SELECT * FROM chat_messages WHERE session_id = ? ORDER BY timestamp, id', [sessionId]),

    listWebhooks: async () => db.all('SELECT * FROM webhooks ORDER BY id').map(toWebhook),
    getWebhook: async (id) => {
      const row = db.get('SELECT * FROM webhooks WHERE id = ?', [id])
      return row ? toWebhook(row) : null
    },
    listWebhookLogs: async (webhookId, limit) =>
      db.all('SELECT * FROM webhook_logs WHERE webhook_id = ? ORDER BY id DESC LIMIT ?', [webhookId, limit])
        .map(toWebhookLog),
    listDueDeliveries: async (now, limit) =>
      db.all(
        `SELECT * FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ?
         ORDER BY next_attempt_at, id LIMIT ?`,
        [now, limit],
      ).map(toDelivery),
    nextDeliveryDueAt: async () =>
      (db.get<{ at: string | null }>(
        'SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL',
      )?.at ?? null),

    getSetting: async (key) =>
      db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [key])?.value ?? null,
  }
}
