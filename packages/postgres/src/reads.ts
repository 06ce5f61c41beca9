// The read half of the PostgreSQL Store. Text that users type (pack names, titles, usernames)
// is indexed through md5() (see schema.ts), so lookups by it ask for the md5 and the value.
import type {
  AuditEntry, ChatMessage, Game, MonitorLease, Pack, QueueRecord, Session, SessionGame, SessionVoteTally, StoreReads, StoredEvent, TimelineEntry, Vote,
} from '@game-picker/core'
import { toQueueEntry, voteHistoryWhere } from '@game-picker/core'
import { createPollReads } from './poll-store.ts'
import type { Db } from './db.ts'
import {
  EVENT_COLUMNS, GAME_SELECT, SESSION_BEFORE, SESSION_GAME_SELECT, SESSION_SELECT, SESSION_TALLY, type StoredRow, toApiToken, toApiTokenRecord,
  toChatConnector, toGame, toRoomRecord, toWebhook, toWebhookLog,
} from './rows.ts'


const orNull = <T>(row: Record<string, unknown> | null, map: (row: Record<string, unknown>) => T): T | null =>
  (row ? map(row) : null)

/** The read half, every method a statement (the store serves some from its caches, caches.ts). */
export function createReads(db: Db): StoreReads {
  return {
    ...createPollReads(db),
    listGames: async () => (await db.all(`${GAME_SELECT} ORDER BY g.pack_name, g.title`)).map(toGame),
    getGame: async (id) => orNull(await db.get(`${GAME_SELECT} WHERE g.id = $1`, [id]), toGame),
    findGame: async (packName, title) => orNull(await db.get(
      `${GAME_SELECT} WHERE md5(g.pack_name) = md5($1) AND md5(g.title) = md5($2) AND g.pack_name = $1 AND g.title = $2`,
      [packName, title]), toGame),
    findGameByTicker: async (ticker) => orNull(await db.get(`${GAME_SELECT} WHERE g.ticker = $1`, [ticker]), toGame),
    listPacks: () => db.all<Pack>('SELECT * FROM packs ORDER BY name'),
    getPack: (name) => db.get<Pack>('SELECT * FROM packs WHERE md5(name) = md5($1) AND name = $1', [name]),

    listSessions: (page) => page
      ? db.all<Session>(`${SESSION_SELECT} WHERE ${SESSION_BEFORE} ORDER BY s.created_at DESC, s.id DESC LIMIT $2`, [page.beforeId, page.limit])
      : db.all<Session>(`${SESSION_SELECT} ORDER BY s.created_at DESC, s.id DESC`),
    countSessions: async () => (await db.get<{ total: number; active: number }>(
      'SELECT COUNT(*) AS total, COALESCE(SUM(is_active), 0) AS active FROM sessions'))!,
    getSession: (id) => db.get<Session>(`${SESSION_SELECT} WHERE s.id = $1`, [id]),
    getActiveSession: () => db.get<Session>(`${SESSION_SELECT} WHERE s.is_active = 1`),
    listSessionGames: (sessionId) =>
      db.all<SessionGame>(`${SESSION_GAME_SELECT} WHERE sg.session_id = $1 ORDER BY sg.played_at, sg.id`, [sessionId]),
    listSessionTimeline: (sessionId) => db.all<TimelineEntry>(
      `SELECT sg.id, sg.game_id, sg.played_at, g.title FROM session_games sg JOIN games g ON g.id = sg.game_id
       WHERE sg.session_id = $1 ORDER BY sg.played_at, sg.id`, [sessionId]),
    getSessionGame: (id) => db.get<SessionGame>(`${SESSION_GAME_SELECT} WHERE sg.id = $1`, [id]),
    listSessionGamesByCheckStatus: (status) =>
      db.all<SessionGame>(`${SESSION_GAME_SELECT} WHERE sg.player_count_check_status = $1 ORDER BY sg.id`, [status]),

    findNearestVote: async (sessionId, username, from, to) => {
      const votes = await db.all<Vote>(
        `SELECT * FROM votes WHERE session_id = $1 AND md5(username) = md5($2) AND username = $2
         AND timestamp BETWEEN $3 AND $4`,
        [sessionId, username, from, to],
      )
      const middle = (Date.parse(from) + Date.parse(to)) / 2
      const distance = (vote: Vote) => Math.abs(Date.parse(vote.timestamp) - middle)
      return votes.reduce<Vote | null>((best, vote) => (best && distance(best) <= distance(vote) ? best : vote), null)
    },
    listVotes: (sessionId) => db.all<Vote>('SELECT * FROM votes WHERE session_id = $1 ORDER BY timestamp, id', [sessionId]),
    listVoteHistory: (filter, beforeId, limit) => {
      const { where, values } = voteHistoryWhere(filter, beforeId, (n) => `$${n}`)
      return db.all<Vote>(`SELECT * FROM votes WHERE ${where} ORDER BY id DESC LIMIT $${values.length + 1}`, [...values, limit])
    },
    tallySessionVotes: (sessionId) => db.all<SessionVoteTally>(SESSION_TALLY, [sessionId]),
    listChatMessages: (sessionId) =>
      db.all<ChatMessage>('SELECT * FROM chat_messages WHERE session_id = $1 ORDER BY timestamp, id', [sessionId]),

    listWebhooks: async () => (await db.all('SELECT * FROM webhooks ORDER BY id')).map(toWebhook),
    getWebhook: async (id) => {
      const row = await db.get('SELECT * FROM webhooks WHERE id = $1', [id])
      return row ? toWebhook(row) : null
    },
    listWebhookLogs: async (webhookId, limit) =>
      (await db.all('SELECT * FROM webhook_logs WHERE webhook_id = $1 ORDER BY id DESC LIMIT $2', [webhookId, limit]))
        .map(toWebhookLog),
    nextDeliveryDueAt: async () =>
      (await db.get<{ at: string | null }>(
        `SELECT MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END) AS at
         FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL`))?.at ?? null,

    listEventsAfter: (afterId, limit) =>
      db.all<StoredEvent>(`SELECT ${EVENT_COLUMNS} FROM events WHERE id > $1 ORDER BY id LIMIT $2`, [afterId, limit]),
    lastEventId: async () => (await db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) AS id FROM events'))!.id,

    getMonitorLease: (sessionGameId) =>
      db.get<MonitorLease>('SELECT * FROM monitor_leases WHERE session_game_id = $1', [sessionGameId]),
    getRoom: async (sessionGameId) =>
      orNull(await db.get('SELECT * FROM rooms WHERE session_game_id = $1', [sessionGameId]), toRoomRecord),
    listSessionRooms: async (sessionId) => (await db.all(
      'SELECT * FROM rooms WHERE session_game_id IN (SELECT id FROM session_games WHERE session_id = $1) ORDER BY session_game_id',
      [sessionId])).map(toRoomRecord),
    countLoginFailures: async (address, since) => (await db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM login_failures WHERE md5(address) = md5($1) AND address = $1 AND at > $2',
      [address, since]))!.n,

    getSetting: async (key) => (await db.get<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]))?.value ?? null,

    listApiTokens: async () => (await db.all('SELECT * FROM api_tokens ORDER BY id DESC')).map(toApiToken),
    findApiToken: async (tokenHash) => {
      const row = await db.get('SELECT * FROM api_tokens WHERE token_hash = $1', [tokenHash])
      return row ? toApiTokenRecord(row) : null
    },
    getChatConnector: async (platform) => {
      const row = await db.get<StoredRow>('SELECT * FROM chat_connectors WHERE platform = $1', [platform])
      return row ? toChatConnector(row) : null
    },
    getQueue: (sessionId) => db.get<QueueRecord>('SELECT * FROM queues WHERE session_id = $1', [sessionId]),
    listQueueEntries: async (sessionId) =>
      (await db.all('SELECT * FROM queue_entries WHERE session_id = $1 ORDER BY id', [sessionId])).map(toQueueEntry),
    listChatConnectors: async () => (await db.all<StoredRow>('SELECT * FROM chat_connectors ORDER BY platform')).map(toChatConnector),
    listAuditEntries: (limit, beforeId) => db.all<AuditEntry>(
      'SELECT * FROM audit_log WHERE id < $1 ORDER BY id DESC LIMIT $2', [beforeId ?? Number.MAX_SAFE_INTEGER, limit]),
  }
}
