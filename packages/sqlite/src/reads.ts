// The read half of the sqlite Store.
import { type MonitorLease, type PollReads, type QueueRecord, toQueueEntry, type StoreReads, type StoredEvent, type TimelineEntry, type AuditEntry, type ChatMessage, type Game, type Pack, type Session, type SessionGame, type SessionVoteTally, type Vote, voteHistoryWhere } from '@game-picker/core'
import type { SqlReader } from './durable-db.ts'
import type { TransactionCache } from './table-cache.ts'
import {
  SESSION_BEFORE, SESSION_GAME_SELECT, SESSION_SELECT, SESSION_TALLY, toApiToken, toApiTokenRecord, toChatConnector, toGame, toRoomRecord,
  toWebhook, toWebhookLog,
} from './rows.ts'


/** The read half but the polls' (poll-store.ts); `cache` serves the hot, rarely changing reads (see table-cache.ts). */
export function createReads(db: SqlReader, cache: TransactionCache): Omit<StoreReads, keyof PollReads> {
  const one = <T>(sql: string, params: (string | number | null)[]) => db.get<T>(sql, params) ?? null
  const oneGame = (sql: string, params: (string | number | null)[]): Game | null => {
    const row = db.get(sql, params)
    return row ? toGame(row) : null
  }
  return {
    listGames: async () =>
      cache.get('catalogue', 'games', () => db.all('SELECT * FROM games ORDER BY pack_name, title').map(toGame)),
    getGame: async (id) => oneGame('SELECT * FROM games WHERE id = ?', [id]),
    findGame: async (packName, title) =>
      oneGame('SELECT * FROM games WHERE pack_name = ? AND title = ?', [packName, title]),
    findGameByTicker: async (ticker) => oneGame('SELECT * FROM games WHERE ticker = ?', [ticker]),
    listPacks: async () => cache.get('catalogue', 'packs', () => db.all<Pack>('SELECT * FROM packs ORDER BY name')),
    getPack: async (name) => one<Pack>('SELECT * FROM packs WHERE name = ?', [name]),

    listSessions: async (page) => page
      ? db.all<Session>(`${SESSION_SELECT} WHERE ${SESSION_BEFORE} ORDER BY s.created_at DESC, s.id DESC LIMIT ?`,
        [page.beforeId, page.beforeId, page.beforeId, page.beforeId, page.limit])
      : db.all<Session>(`${SESSION_SELECT} ORDER BY s.created_at DESC, s.id DESC`),
    countSessions: async () => cache.get('sessions', 'counts', () => db.get<{ total: number; active: number }>(
      'SELECT COUNT(*) AS total, COALESCE(SUM(is_active), 0) AS active FROM sessions',
    )!),
    getSession: async (id) => one<Session>(`${SESSION_SELECT} WHERE s.id = ?`, [id]),
    getActiveSession: async () =>
      cache.get('sessions', 'active', () => one<Session>(`${SESSION_SELECT} WHERE s.is_active = 1`, [])),
    listSessionGames: async (sessionId) =>
      db.all<SessionGame>(`${SESSION_GAME_SELECT} WHERE sg.session_id = ? ORDER BY sg.played_at, sg.id`, [sessionId]),
    listSessionTimeline: async (sessionId) =>
      cache.get('sessions', `timeline:${sessionId}`, () => db.all<TimelineEntry>(
        `SELECT sg.id, sg.game_id, sg.played_at, g.title FROM session_games sg JOIN games g ON g.id = sg.game_id
         WHERE sg.session_id = ? ORDER BY sg.played_at, sg.id`, [sessionId])),
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
    listVoteHistory: async (filter, beforeId, limit) => {
      const { where, values } = voteHistoryWhere(filter, beforeId)
      return db.all<Vote>(`SELECT * FROM votes WHERE ${where} ORDER BY id DESC LIMIT ?`, [...values, limit])
    },
    tallySessionVotes: async (sessionId) => db.all<SessionVoteTally>(SESSION_TALLY, [sessionId]),
    listChatMessages: async (sessionId) =>
      db.all<ChatMessage>('SELECT * FROM chat_messages WHERE session_id = ? ORDER BY timestamp, id', [sessionId]),

    listWebhooks: async () => cache.get('webhooks', 'webhooks', () => db.all('SELECT * FROM webhooks ORDER BY id').map(toWebhook)),
    getWebhook: async (id) => {
      const row = db.get('SELECT * FROM webhooks WHERE id = ?', [id])
      return row ? toWebhook(row) : null
    },
    listWebhookLogs: async (webhookId, limit) =>
      db.all('SELECT * FROM webhook_logs WHERE webhook_id = ? ORDER BY id DESC LIMIT ?', [webhookId, limit])
        .map(toWebhookLog),
    nextDeliveryDueAt: async () =>
      (db.get<{ at: string | null }>(
        `SELECT MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END) AS at
         FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL`,
      )?.at ?? null),

    listEventsAfter: async (afterId, limit) =>
      db.all<StoredEvent>('SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?', [afterId, limit]),
    lastEventId: async () => db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) AS id FROM events')!.id,

    getMonitorLease: async (sessionGameId) =>
      one<MonitorLease>('SELECT * FROM monitor_leases WHERE session_game_id = ?', [sessionGameId]),
    getRoom: async (sessionGameId) => {
      const row = db.get('SELECT * FROM rooms WHERE session_game_id = ?', [sessionGameId])
      return row ? toRoomRecord(row) : null
    },
    listSessionRooms: async (sessionId) =>
      db.all('SELECT * FROM rooms WHERE session_game_id IN (SELECT id FROM session_games WHERE session_id = ?) ORDER BY session_game_id',
        [sessionId]).map(toRoomRecord),
    countLoginFailures: async (address, since) =>
      db.get<{ n: number }>('SELECT COUNT(*) AS n FROM login_failures WHERE address = ? AND at > ?', [address, since])!.n,

    getQueue: async (sessionId) => one<QueueRecord>('SELECT * FROM queues WHERE session_id = ?', [sessionId]),
    listQueueEntries: async (sessionId) =>
      db.all('SELECT * FROM queue_entries WHERE session_id = ? ORDER BY id', [sessionId]).map(toQueueEntry),

    getSetting: async (key) =>
      db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [key])?.value ?? null,

    listApiTokens: async () => db.all('SELECT * FROM api_tokens ORDER BY id DESC').map(toApiToken),
    // Through the unique index on the hash: in memory, cheaper than any cache in front of it.
    findApiToken: async (tokenHash) => {
      const row = db.get('SELECT * FROM api_tokens WHERE token_hash = ?', [tokenHash])
      return row ? toApiTokenRecord(row) : null
    },
    getChatConnector: async (platform) => {
      const row = db.get('SELECT * FROM chat_connectors WHERE platform = ?', [platform])
      return row ? toChatConnector(row) : null
    },
    listChatConnectors: async () => db.all('SELECT * FROM chat_connectors ORDER BY platform').map(toChatConnector),
    listAuditEntries: async (limit, beforeId) =>
      db.all<AuditEntry>('SELECT * FROM audit_log WHERE id < ? ORDER BY id DESC LIMIT ?', [beforeId ?? Number.MAX_SAFE_INTEGER, limit]),
  }
}
