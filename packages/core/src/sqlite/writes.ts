// The write half of the sqlite Store. Every value is a bound parameter (times included),
// so the journal can replay each statement deterministically.
import type { StoreReads, StoreTx } from '../store.ts'
import type { Game, Session, SessionGame } from '../types.ts'
import type { SqlValue, SqlWriter } from './durable-db.ts'
import { setClause } from './rows.ts'
import type { TransactionCache } from './table-cache.ts'

type Writes = Omit<StoreTx, keyof StoreReads>

/** The write half; each write tells `cache` which table groups it changes, triggers and cascades included. */
export function createWrites(db: SqlWriter, reads: StoreReads, cache: TransactionCache): Writes {
  const { touch } = cache
  const update = (table: string, id: number, patch: Record<string, unknown>) => {
    const { sql, values } = setClause(patch)
    if (sql) db.run(`UPDATE ${table} SET ${sql} WHERE id = ?`, [...values, id])
  }
  return {
    async insertGame(game) {
      touch('catalogue')
      const { lastInsertRowid } = db.run(
        `INSERT INTO games (pack_name, title, min_players, max_players, length_minutes, has_audience,
          family_friendly, game_type, secondary_type, enabled, favor_bias, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [game.pack_name, game.title, game.min_players, game.max_players, game.length_minutes,
          game.has_audience, game.family_friendly, game.game_type, game.secondary_type,
          game.enabled, game.favor_bias, game.created_at],
      )
      return (await reads.getGame(lastInsertRowid)) as Game
    },
    updateGame: async (id, patch) => {
      touch('catalogue', 'sessions')
      return update('games', id, patch)
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
      db.run('INSERT OR IGNORE INTO packs (name, created_at) VALUES (?, ?)', [name, createdAt])
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
      db.run(
        "UPDATE session_games SET status = 'played' WHERE session_id = ? AND status = 'playing' AND id <> ?",
        [sessionId, exceptId ?? -1],
      )
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
    updateDelivery: async (id, nextAttemptAt) =>
      void db.run('UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?',
        [nextAttemptAt, id]),

    setSetting: async (key, value) =>
      void db.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value]),
  }
}

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
