// The write half of the sqlite Store. Every value is a bound parameter (times included),
// so the journal can replay each statement deterministically.
import {
  type ClaimedRoom, type Delivery, type PollWrites, type QueueEntryRecord, type StoreReads, type StoreTx, type Game, type Session, type SessionGame,
  appTagsText, QUEUE_COLUMNS, QUEUE_ENTRY_COLUMNS, QUEUE_UPSERT, queueEntryValues, queueValues, ROOM_COLUMNS, ROOM_UPSERT, roomValues,
} from '@game-picker/core'
import type { SqlValue, SqlWriter } from './durable-db.ts'
import { createPruning } from './pruning.ts'
import { setClause, toApiToken, toDelivery } from './rows.ts'
import type { TransactionCache } from './table-cache.ts'

type Writes = Omit<StoreTx, keyof StoreReads | keyof PollWrites>

/** The write half; each write tells `cache` which table groups it changes, triggers and cascades included. */
export function createWrites(db: SqlWriter, reads: StoreReads, cache: TransactionCache): Writes {
  const { touch } = cache
  const update = (table: string, id: number, patch: Record<string, unknown>) => {
    const { sql, values } = setClause(patch)
    if (sql) db.run(`UPDATE ${table} SET ${sql} WHERE id = ?`, [...values, id])
  }
  const writes: Writes = {
    async insertGame(game) {
      touch('catalogue')
      const { lastInsertRowid } = db.run(
        `INSERT INTO games (pack_name, title, min_players, max_players, length_minutes, has_audience,
          family_friendly, game_type, secondary_type, enabled, favor_bias, created_at, ticker, app_tags)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [game.pack_name, game.title, game.min_players, game.max_players, game.length_minutes,
          game.has_audience, game.family_friendly, game.game_type, game.secondary_type,
          game.enabled, game.favor_bias, game.created_at, game.ticker, appTagsText(game.app_tags)],
      )
      return (await reads.getGame(lastInsertRowid)) as Game
    },
    updateGame: async (id, patch) => {
      touch('catalogue', 'sessions')
      return update('games', id, { ...patch, app_tags: patch.app_tags && appTagsText(patch.app_tags) })
    },
    deleteGame: async (id) => {
      touch('catalogue', 'sessions')
      db.run('DELETE FROM games WHERE id = ?', [id])
    },
    setPackEnabled: async (packName, enabled) => {
      touch('catalogue')
      return db.run('UPDATE games SET enabled = ? WHERE pack_name = ?', [enabled, packName]).changes
    },
    ensurePack: async (name, createdAt) => {
      touch('catalogue')
      // Not INSERT OR IGNORE: with AUTOINCREMENT an ignored insert still uses up an id, and
      // every game of a known pack would leave a gap in the pack ids.
      db.run('INSERT INTO packs (name, created_at) SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM packs WHERE name = ?)',
        [name, createdAt, name])
    },
    setPackFavor: async (name, favorBias) => {
      touch('catalogue')
      db.run('UPDATE packs SET favor_bias = ? WHERE name = ?', [favorBias, name])
    },
    async insertSession(session) {
      touch('sessions')
      const { lastInsertRowid } = db.run(
        'INSERT INTO sessions (created_at, notes, is_active) VALUES (?, ?, 1)',
        [session.created_at, session.notes],
      )
      return (await reads.getSession(lastInsertRowid)) as Session
    },
    closeSession: async (id, closedAt, notes) => {
      touch('sessions')
      db.run('UPDATE sessions SET is_active = 0, closed_at = ?, notes = ? WHERE id = ?', [closedAt, notes, id])
    },
    deleteSession: async (id) => {
      touch('sessions', 'catalogue')
      db.run('DELETE FROM sessions WHERE id = ?', [id])
    },
    async insertSessionGame(row) {
      touch('sessions', 'catalogue')
      const { lastInsertRowid } = db.run(
        `INSERT INTO session_games (session_id, game_id, played_at, manually_added, status, room_code)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [row.session_id, row.game_id, row.played_at, row.manually_added, row.status, row.room_code],
      )
      return (await reads.getSessionGame(lastInsertRowid)) as SessionGame
    },
    updateSessionGame: async (id, patch) => {
      touch('sessions', 'catalogue')
      return update('session_games', id, patch)
    },
    finishPlaying: async (sessionId, exceptId) => {
      touch('sessions', 'catalogue')
      return db.all<{ id: number }>(
        "UPDATE session_games SET status = 'played' WHERE session_id = ? AND status = 'playing' AND id <> ? RETURNING id",
        [sessionId, exceptId ?? -1],
      ).map((row) => row.id)
    },
    deleteSessionGame: async (id) => {
      touch('sessions', 'catalogue')
      db.run('DELETE FROM session_games WHERE id = ?', [id])
    },
    insertVote: async (vote) => {
      touch('catalogue')
      db.run(
        'INSERT INTO votes (session_id, session_game_id, game_id, username, type, timestamp) VALUES (?, ?, ?, ?, ?, ?)',
        [vote.session_id, vote.session_game_id, vote.game_id, vote.username, vote.type, vote.timestamp],
      )
    },
    insertVotes: async (votes) => {
      touch('catalogue')
      insertMany(db, 'INSERT INTO votes (session_id, session_game_id, game_id, username, type, timestamp)', votes,
        (v) => [v.session_id, v.session_game_id, v.game_id, v.username, v.type, v.timestamp])
    },
    insertChatMessages: async (messages) =>
      insertMany(db,
        'INSERT OR IGNORE INTO chat_messages (session_id, username, message, timestamp, vote_type, session_game_id)',
        messages, (m) => [m.session_id, m.username, m.message, m.timestamp, m.vote_type, m.session_game_id]),

    async insertWebhook(webhook) {
      touch('webhooks')
      const { lastInsertRowid } = db.run(
        'INSERT INTO webhooks (name, url, secret, events, enabled, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        [webhook.name, webhook.url, webhook.secret, JSON.stringify(webhook.events), webhook.enabled ? 1 : 0,
          webhook.created_at],
      )
      return (await reads.getWebhook(lastInsertRowid))!
    },
    updateWebhook: async (id, patch) => {
      touch('webhooks')
      return update('webhooks', id, {
        ...patch,
        events: patch.events && JSON.stringify(patch.events),
        enabled: patch.enabled === undefined ? undefined : patch.enabled ? 1 : 0,
      })
    },
    deleteWebhook: async (id) => {
      touch('webhooks')
      db.run('DELETE FROM webhooks WHERE id = ?', [id])
    },
    insertWebhookLog: async (log) =>
      void db.run(
        `INSERT INTO webhook_logs (webhook_id, event_type, payload, response_status, error_message, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [log.webhook_id, log.event_type, JSON.stringify(log.payload), log.response_status, log.error_message,
          log.created_at],
      ),
    insertDelivery: async (d) =>
      void db.run(
        `INSERT INTO webhook_deliveries (delivery_id, webhook_id, event_type, payload, timestamp, next_attempt_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [d.delivery_id, d.webhook_id, d.event_type, JSON.stringify(d.payload), d.timestamp, d.next_attempt_at],
      ),
    claimDueDeliveries: async (owner, now, leaseUntil, limit) =>
      db.all(
        `UPDATE webhook_deliveries SET lease_owner = ?, lease_until = ? WHERE id IN (
           SELECT id FROM webhook_deliveries
           WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
           ORDER BY next_attempt_at, id LIMIT ?)
         RETURNING *`,
        [owner, leaseUntil, now, now, limit],
      ).map(toDelivery).sort(byDueTime),
    updateDelivery: async (id, nextAttemptAt) =>
      void (nextAttemptAt === null
        ? db.run('DELETE FROM webhook_deliveries WHERE id = ?', [id])
        : db.run('UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ?, lease_owner = NULL, lease_until = NULL WHERE id = ?',
          [nextAttemptAt, id])),

    insertEvent: async (event) =>
      db.run('INSERT INTO events (type, body, created_at) VALUES (?, ?, ?)', [event.type, event.body, event.created_at])
        .lastInsertRowid,
    ...createPruning(db, (key, value) => writes.setSetting(key, value)),

    saveQueue: async (queue) =>
      void db.run(`INSERT INTO queues (${QUEUE_COLUMNS.join(', ')}) VALUES (${QUEUE_COLUMNS.map(() => '?').join(', ')}) ${QUEUE_UPSERT}`,
        queueValues(queue)),
    insertQueueEntry: async (entry) => {
      const { lastInsertRowid } = db.run(
        `INSERT INTO queue_entries (${QUEUE_ENTRY_COLUMNS.join(', ')}) VALUES (${QUEUE_ENTRY_COLUMNS.map(() => '?').join(', ')})`,
        queueEntryValues(entry))
      return { id: lastInsertRowid, ...entry } satisfies QueueEntryRecord
    },
    updateQueueEntry: async (id, patch) => update('queue_entries', id, patch),
    deleteQueueEntry: async (id) => void db.run('DELETE FROM queue_entries WHERE id = ?', [id]),
    deleteQueue: async (sessionId) => {
      db.run('DELETE FROM queue_entries WHERE session_id = ?', [sessionId])
      db.run('DELETE FROM queues WHERE session_id = ?', [sessionId])
    },

    saveRoom: async (room) =>
      void db.run(`INSERT INTO rooms (${ROOM_COLUMNS.join(', ')}) VALUES (${ROOM_COLUMNS.map(() => '?').join(', ')}) ${ROOM_UPSERT}`,
        roomValues(room)),
    claimMonitors: async (owner, now, leaseUntil, limit) => {
      const rooms = db.all<ClaimedRoom>(
        `SELECT r.session_game_id AS id, r.room_code, sg.player_count_check_status, r.follow_until
         FROM rooms r JOIN session_games sg ON sg.id = r.session_game_id
         LEFT JOIN monitor_leases ml ON ml.session_game_id = r.session_game_id
         WHERE r.following = 1 AND r.follow_until > ? AND (ml.session_game_id IS NULL OR ml.lease_until <= ?)
         ORDER BY r.session_game_id LIMIT ?`, [now, now, limit])
      for (const room of rooms) await writes.leaseMonitor(room.id, owner, leaseUntil)
      return rooms
    },
    renewMonitors: async (owner, ids, leaseUntil) => {
      if (ids.length === 0) return []
      return db.all<{ id: number }>(
        `UPDATE monitor_leases SET lease_until = ? WHERE owner = ? AND session_game_id IN (${ids.map(() => '?').join(', ')})
           AND session_game_id IN (SELECT session_game_id FROM rooms WHERE following = 1)
         RETURNING session_game_id AS id`, [leaseUntil, owner, ...ids]).map((row) => row.id)
    },
    leaseMonitor: async (sessionGameId, owner, leaseUntil) =>
      void db.run(
        `INSERT INTO monitor_leases (session_game_id, owner, lease_until) VALUES (?, ?, ?)
         ON CONFLICT (session_game_id) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until`,
        [sessionGameId, owner, leaseUntil]),
    releaseMonitor: async (sessionGameId, owner) =>
      void db.run('DELETE FROM monitor_leases WHERE session_game_id = ? AND (? IS NULL OR owner = ?)',
        [sessionGameId, owner ?? null, owner ?? null]),

    recordLoginFailure: async (address, at) =>
      void db.run('INSERT INTO login_failures (address, at) VALUES (?, ?)', [address, at]),
    pruneLoginFailures: async (before) => void db.run('DELETE FROM login_failures WHERE at <= ?', [before]),

    // One writer at a time already: every transaction runs alone.
    lock: async () => {},

    setSetting: async (key, value) =>
      void db.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value]),

    async insertApiToken(token) {
      const { lastInsertRowid } = db.run(
        'INSERT INTO api_tokens (name, scopes, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
        [token.name, JSON.stringify(token.scopes), token.token_hash, token.created_at, token.expires_at])
      return toApiToken(db.get('SELECT * FROM api_tokens WHERE id = ?', [lastInsertRowid])!)
    },
    deleteApiToken: async (id) => db.run('DELETE FROM api_tokens WHERE id = ?', [id]).changes > 0,
    touchApiToken: async (id, at) => void db.run('UPDATE api_tokens SET last_used_at = ? WHERE id = ?', [at, id]),
    insertChatConnector: async (row) => void db.run(
      'INSERT INTO chat_connectors (platform, channel, state, since, settings, secret) VALUES (?, ?, ?, ?, ?, ?)',
      [row.platform, row.channel, row.state, row.since, JSON.stringify(row.settings), row.secret]),
    deleteChatConnector: async (platform) => void db.run('DELETE FROM chat_connectors WHERE platform = ?', [platform]),
    setChatConnectorSecret: async (platform, secret) => void db.run('UPDATE chat_connectors SET secret = ? WHERE platform = ?', [secret, platform]),
    claimChatConnector: async (platform, owner, now, leaseUntil) => {
      const before = await reads.getChatConnector(platform)
      if (!before || (before.owner !== null && before.lease_until !== null && before.lease_until > now && before.owner !== owner)) return null
      db.run('UPDATE chat_connectors SET owner = ?, lease_until = ? WHERE platform = ?', [owner, leaseUntil, platform])
      return before
    },
    renewChatConnector: async (platform, owner, leaseUntil) =>
      db.run('UPDATE chat_connectors SET lease_until = ? WHERE platform = ? AND owner = ?', [leaseUntil, platform, owner]).changes > 0,
    releaseChatConnector: async (platform, owner, state) => void db.run(
      'UPDATE chat_connectors SET owner = NULL, lease_until = NULL, state = ? WHERE platform = ? AND owner = ?', [state, platform, owner]),
    updateChatConnector: async (platform, owner, { state, settings, counts }) =>
      db.run(
        `UPDATE chat_connectors SET state = COALESCE(?, state), settings = COALESCE(?, settings),
         up = up + ?, down = down + ?, poll = poll + ?, queue = queue + ?, ignored = ignored + ?
         WHERE platform = ? AND owner = ?`,
        [state ?? null, settings ? JSON.stringify(settings) : null,
          counts?.up ?? 0, counts?.down ?? 0, counts?.poll ?? 0, counts?.queue ?? 0, counts?.ignored ?? 0, platform, owner]).changes > 0,
    // Not INSERT OR IGNORE: an ignored insert would still use up an AUTOINCREMENT id.
    claimChatMessage: async (messageId, seenAt) =>
      db.run('INSERT INTO chat_seen_messages (message_id, seen_at) SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM chat_seen_messages WHERE message_id = ?)',
        [messageId, seenAt, messageId]).changes > 0,
    insertAuditEntries: async (entries) =>
      insertMany(db, 'INSERT INTO audit_log (at, actor, method, path, status)', entries,
        (e) => [e.at, e.actor, e.method, e.path, e.status]),
  }
  return writes
}

const byDueTime = (a: Delivery, b: Delivery) =>
  a.next_attempt_at! < b.next_attempt_at! ? -1 : a.next_attempt_at! > b.next_attempt_at! ? 1 : a.id - b.id

// One statement per 100 rows: far fewer statement runs (and journal entries) for bulk imports.
const BATCH = 100
const batchSql = new Map<string, string>()

function insertMany<T>(db: SqlWriter, insert: string, rows: readonly T[], values: (row: T) => SqlValue[]) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const end = Math.min(start + BATCH, rows.length)
    const params: SqlValue[] = []
    for (let i = start; i < end; i++) params.push(...values(rows[i]))
    db.run(batchStatement(insert, end - start, params.length / (end - start)), params)
  }
}

/** `INSERT ... VALUES (?, ?), (?, ?)`, built once per shape (the same text also reuses its prepared statement). */
function batchStatement(insert: string, rows: number, columns: number): string {
  const key = `${rows}:${columns}:${insert}`
  let sql = batchSql.get(key)
  if (!sql) {
    const tuple = `(${Array(columns).fill('?').join(', ')})`
    batchSql.set(key, (sql = `${insert} VALUES ${Array(rows).fill(tuple).join(', ')}`))
  }
  return sql
}
