// The write half of the PostgreSQL Store. Counters and the versions follow from triggers;
// inserts return their row in the same round trip (RETURNING); writes that return nothing go
// with the next statement (db.defer), so a live vote is three round trips, commit included.
import type { ChangeTopic, NewChatMessage, NewVote, Session, SessionGame, StoreReads, StoreTx } from '@game-picker/core'
import { QUEUE_COLUMNS, QUEUE_ENTRY_COLUMNS, QUEUE_UPSERT, queueEntryValues, queueValues, toQueueEntry } from '@game-picker/core'
import { createCoordination } from './coordination.ts'
import { createPollWrites } from './poll-store.ts'
import { createPruning } from './pruning.ts'
import { type BatchDb, setClause, type SqlValue, valuesList } from './db.ts'
import { SESSION_GAME_COLUMNS, SESSION_GAME_JOIN, type StoredRow, toApiToken, toChatConnector, toGame, toWebhook } from './rows.ts'

type Writes = Omit<StoreTx, keyof StoreReads>

const GAME_COLUMNS = ['pack_name', 'title', 'min_players', 'max_players', 'length_minutes', 'has_audience',
  'family_friendly', 'game_type', 'secondary_type', 'enabled', 'favor_bias', 'created_at', 'ticker', 'app_tags'] as const
const VOTE_COLUMNS = ['session_id', 'session_game_id', 'game_id', 'username', 'type', 'timestamp'] as const
const CHAT_COLUMNS = ['session_id', 'username', 'message', 'timestamp', 'vote_type', 'session_game_id'] as const

/** `changed(topic)` tells other instances, at commit, what this transaction changed. */
export function createWrites(db: BatchDb, changed: (topic: ChangeTopic) => void): Writes {
  const update = async (table: string, id: number, patch: Record<string, unknown>) => {
    const { sql, values } = setClause(patch, 2)
    if (sql) db.defer(`UPDATE ${table} SET ${sql} WHERE id = $1`, [id, ...values])
  }
  return {
    ...createCoordination(db, changed),
    ...createPruning(db),
    ...createPollWrites(db, changed),
    insertGame: async (game) => toGame((await db.get(
      `INSERT INTO games (${GAME_COLUMNS.join(', ')}) VALUES ${valuesList(1, GAME_COLUMNS.length)} RETURNING *`,
      GAME_COLUMNS.map((column) => (column === 'app_tags' ? JSON.stringify(game.app_tags) : game[column])),
    ))!),
    updateGame: (id, patch) => update('games', id, { ...patch, app_tags: patch.app_tags && JSON.stringify(patch.app_tags) }),
    // A ticker vote has no session game to cascade from (votes keep one foreign key, to it).
    deleteGame: async (id) => {
      await db.run('DELETE FROM votes WHERE game_id = $1 AND session_game_id IS NULL', [id])
      await db.run('DELETE FROM games WHERE id = $1', [id])
    },
    setPackEnabled: (packName, enabled) =>
      db.run('UPDATE games SET enabled = $1 WHERE pack_name = $2', [enabled, packName]),
    // The NOT EXISTS keeps a known pack from using up an id (ON CONFLICT alone would), so pack
    // ids are the sqlite store's; ON CONFLICT covers two instances adding the same new pack.
    ensurePack: async (name, createdAt) => void await db.run(
      `INSERT INTO packs (name, created_at) SELECT $1, $2
       WHERE NOT EXISTS (SELECT 1 FROM packs WHERE md5(name) = md5($1) AND name = $1) ON CONFLICT DO NOTHING`,
      [name, createdAt]),
    setPackFavor: async (name, favorBias) =>
      void await db.run('UPDATE packs SET favor_bias = $1 WHERE md5(name) = md5($2) AND name = $2', [favorBias, name]),

    insertSession: async (session) => (await db.get<Session>(
      `INSERT INTO sessions (created_at, notes, is_active) VALUES ($1, $2, 1)
       RETURNING id, created_at, closed_at, is_active, notes, 0 AS games_played`,
      [session.created_at, session.notes],
    ))!,
    closeSession: async (id, closedAt, notes) => void await db.run(
      'UPDATE sessions SET is_active = 0, closed_at = $1, notes = $2 WHERE id = $3', [closedAt, notes, id]),
    deleteSession: async (id) => {
      await db.run('DELETE FROM votes WHERE session_id = $1 AND session_game_id IS NULL', [id])
      await db.run('DELETE FROM sessions WHERE id = $1', [id])
    },
    // The game columns are read in the same statement; a session game insert changes only play_count.
    insertSessionGame: async (row) => (await db.get<SessionGame>(
      `WITH sg AS (
         INSERT INTO session_games (session_id, game_id, played_at, manually_added, status, room_code)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *)
       SELECT ${SESSION_GAME_COLUMNS} FROM sg ${SESSION_GAME_JOIN}`,
      [row.session_id, row.game_id, row.played_at, row.manually_added, row.status, row.room_code],
    ))!,
    updateSessionGame: (id, patch) => {
      if (patch.player_count_check_status !== undefined) changed('monitors')
      return update('session_games', id, patch)
    },
    finishPlaying: async (sessionId, exceptId) => (await db.all<{ id: number }>(
      "UPDATE session_games SET status = 'played' WHERE session_id = $1 AND status = 'playing' AND id <> $2 RETURNING id",
      [sessionId, exceptId ?? -1])).map((row) => row.id).sort((a, b) => a - b),
    deleteSessionGame: async (id) => void await db.run('DELETE FROM session_games WHERE id = $1', [id]),

    insertVote: (vote) => insertMany(db, 'votes', VOTE_COLUMNS, [vote]),
    insertVotes: (votes) => insertMany(db, 'votes', VOTE_COLUMNS, votes),
    insertChatMessages: (messages) => insertMany(db, 'chat_messages', CHAT_COLUMNS, messages, ' ON CONFLICT DO NOTHING'),

    insertWebhook: async (webhook) => toWebhook((await db.get(
      'INSERT INTO webhooks (name, url, secret, events, enabled, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
      [webhook.name, webhook.url, webhook.secret, JSON.stringify(webhook.events), webhook.enabled ? 1 : 0,
        webhook.created_at],
    ))!),
    updateWebhook: (id, patch) => update('webhooks', id, {
      ...patch,
      events: patch.events && JSON.stringify(patch.events),
      enabled: patch.enabled === undefined ? undefined : patch.enabled ? 1 : 0,
    }),
    deleteWebhook: async (id) => void await db.run('DELETE FROM webhooks WHERE id = $1', [id]),
    insertWebhookLog: async (log) => db.defer(
      `INSERT INTO webhook_logs (webhook_id, event_type, payload, response_status, error_message, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [log.webhook_id, log.event_type, JSON.stringify(log.payload), log.response_status, log.error_message,
        log.created_at]),
    insertDelivery: async (d) => {
      changed('deliveries')
      db.defer(
        `INSERT INTO webhook_deliveries (delivery_id, webhook_id, event_type, payload, timestamp, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [d.delivery_id, d.webhook_id, d.event_type, JSON.stringify(d.payload), d.timestamp, d.next_attempt_at])
    },
    updateDelivery: async (id, nextAttemptAt) => {
      if (nextAttemptAt === null) return void await db.run('DELETE FROM webhook_deliveries WHERE id = $1', [id])
      changed('deliveries') // a retry any instance may make
      await db.run(
        `UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = $1, lease_owner = NULL, lease_until = NULL
         WHERE id = $2`, [nextAttemptAt, id])
    },

    setSetting: async (key, value) => db.defer(
      'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      [key, value]),

    insertApiToken: async (token) => toApiToken((await db.get(
      'INSERT INTO api_tokens (name, scopes, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING *',
      [token.name, JSON.stringify(token.scopes), token.token_hash, token.created_at, token.expires_at]))!),
    deleteApiToken: async (id) => (await db.run('DELETE FROM api_tokens WHERE id = $1', [id])) > 0,
    touchApiToken: async (id, at) => db.defer('UPDATE api_tokens SET last_used_at = $1 WHERE id = $2', [at, id]),
    saveQueue: async (queue) => db.defer(
      `INSERT INTO queues (${QUEUE_COLUMNS.join(', ')}) VALUES ${valuesList(1, QUEUE_COLUMNS.length)} ${QUEUE_UPSERT}`,
      queueValues(queue)),
    insertQueueEntry: async (entry) => toQueueEntry((await db.get(
      `INSERT INTO queue_entries (${QUEUE_ENTRY_COLUMNS.join(', ')}) VALUES ${valuesList(1, QUEUE_ENTRY_COLUMNS.length)} RETURNING *`,
      queueEntryValues(entry)))!),
    updateQueueEntry: async (id, patch) => {
      const { sql, values } = setClause(patch, 2)
      if (sql) db.defer(`UPDATE queue_entries SET ${sql} WHERE id = $1`, [id, ...values])
    },
    deleteQueueEntry: async (id) => db.defer('DELETE FROM queue_entries WHERE id = $1', [id]),
    deleteQueue: async (sessionId) => {
      db.defer('DELETE FROM queue_entries WHERE session_id = $1', [sessionId])
      db.defer('DELETE FROM queues WHERE session_id = $1', [sessionId])
    },
    insertChatConnector: async (row) => {
      changed('chat')
      await db.run('INSERT INTO chat_connectors (platform, channel, state, since, settings, secret) VALUES ($1, $2, $3, $4, $5, $6)',
        [row.platform, row.channel, row.state, row.since, JSON.stringify(row.settings), row.secret])
    },
    deleteChatConnector: async (platform) => {
      changed('chat')
      await db.run('DELETE FROM chat_connectors WHERE platform = $1', [platform])
    },
    setChatConnectorSecret: async (platform, secret) => {
      await db.run('UPDATE chat_connectors SET secret = $1 WHERE platform = $2', [secret, platform])
    },
    // The row as it was, locked, then leased in the same statement when free: two servers never both take it.
    claimChatConnector: async (platform, owner, now, leaseUntil) => {
      const row = await db.get<StoredRow>(
        `WITH before AS (SELECT * FROM chat_connectors WHERE platform = $4
           AND (owner IS NULL OR lease_until IS NULL OR lease_until <= $2 OR owner = $1) FOR UPDATE),
         taken AS (UPDATE chat_connectors SET owner = $1, lease_until = $3 WHERE platform = $4 AND EXISTS (SELECT 1 FROM before) RETURNING platform)
         SELECT before.* FROM before, taken`, [owner, now, leaseUntil, platform])
      return row ? toChatConnector(row) : null
    },
    renewChatConnector: async (platform, owner, leaseUntil) =>
      (await db.run('UPDATE chat_connectors SET lease_until = $1 WHERE platform = $3 AND owner = $2', [leaseUntil, owner, platform])) > 0,
    releaseChatConnector: async (platform, owner, state) => {
      changed('chat')
      await db.run('UPDATE chat_connectors SET owner = NULL, lease_until = NULL, state = $2 WHERE platform = $3 AND owner = $1', [owner, state, platform])
    },
    updateChatConnector: async (platform, owner, { state, settings, counts }) => (await db.run(
      `UPDATE chat_connectors SET state = COALESCE($2, state), settings = COALESCE($7, settings),
       up = up + $3, down = down + $4, poll = poll + $5, ignored = ignored + $6, queue = queue + $9
       WHERE platform = $8 AND owner = $1`,
      [owner, state ?? null, counts?.up ?? 0, counts?.down ?? 0, counts?.poll ?? 0, counts?.ignored ?? 0,
        settings ? JSON.stringify(settings) : null, platform, counts?.queue ?? 0])) > 0,
    claimChatMessage: async (messageId, seenAt) => (await db.run(
      'INSERT INTO chat_seen_messages (message_id, seen_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [messageId, seenAt])) > 0,
    // One statement per batch, sent with the commit: one round trip.
    insertAuditEntries: async (entries) => {
      for (let start = 0; start < entries.length; start += BATCH) {
        const batch = entries.slice(start, start + BATCH)
        db.defer(`INSERT INTO audit_log (at, actor, method, path, status) VALUES ${valuesList(batch.length, 5)}`,
          batch.flatMap((e) => [e.at, e.actor, e.method, e.path, e.status]))
      }
    },
  }
}

// 100 rows per statement, ten statements per round trip: a chat import of n messages costs n / 1,000 round trips.
const BATCH = 100

async function insertMany<T extends NewVote | NewChatMessage>(
  db: BatchDb, table: string, columns: readonly (keyof T & string)[], rows: readonly T[], suffix = '',
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH)
    const values: SqlValue[] = batch.flatMap((row) => columns.map((column) => row[column] as SqlValue))
    db.defer(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${valuesList(batch.length, columns.length)}${suffix}`, values)
    // A large import goes out every 1,000 rows rather than as one text of every row.
    if ((start / BATCH) % 10 === 9) await db.flush()
  }
}
