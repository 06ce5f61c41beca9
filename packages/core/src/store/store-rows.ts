// Rows as SQL stores keep them, turned into the port's shapes. The sqlite and PostgreSQL stores
// have the same columns: webhook events and payloads and game app tags as JSON text, flags as 0/1.
import type { ApiTokenRecord, ChatConnectorRecord, Delivery, QueueEntryRecord, QueueRecord, RoomRecord, WebhookRecord } from './store.ts'
import type { ApiToken, Game, Scope, WebhookLog } from '../common/types.ts'

export type StoredRow = Record<string, unknown>

/** A game row: its app tags are JSON text in both stores. */
export function toGame(row: StoredRow): Game {
  return { ...(row as unknown as Game), app_tags: JSON.parse(row.app_tags as string) as string[] }
}

/** A room row: its players are JSON text in both stores. */
export function toRoomRecord(row: StoredRow): RoomRecord {
  return { ...(row as unknown as RoomRecord), players: JSON.parse(row.players as string) as RoomRecord['players'] }
}

/** A room's columns in table order, its players as JSON text: the values both stores write. */
export const ROOM_COLUMNS = [
  'session_game_id', 'room_code', 'app_tag', 'state', 'players', 'max_players', 'audience_enabled', 'locked',
  'started_at', 'ended_at', 'updated_at', 'following', 'follow_until',
] as const
/** `ON CONFLICT (session_game_id) DO UPDATE SET` every other column: the same text in both stores. */
export const ROOM_UPSERT = `ON CONFLICT (session_game_id) DO UPDATE SET ${
  ROOM_COLUMNS.slice(1).map((column) => `${column} = excluded.${column}`).join(', ')}`
export const roomValues = (room: RoomRecord) =>
  ROOM_COLUMNS.map((column) => (column === 'players' ? JSON.stringify(room.players) : room[column]))

export function toWebhook(row: StoredRow): WebhookRecord {
  return {
    id: row.id as number,
    name: row.name as string,
    url: row.url as string,
    events: JSON.parse(row.events as string) as string[],
    enabled: row.enabled === 1,
    created_at: row.created_at as string,
    secret: row.secret as string,
  }
}

export function toWebhookLog(row: StoredRow): WebhookLog {
  return { ...(row as unknown as WebhookLog), payload: JSON.parse(row.payload as string) }
}

/** The lease columns stay inside the store. */
export function toDelivery({ lease_owner: _owner, lease_until: _until, ...row }: StoredRow): Delivery {
  return { ...(row as unknown as Delivery), payload: JSON.parse(row.payload as string) }
}

/** A token row without its hash (the API's view); scopes are JSON text. */
export function toApiToken(row: StoredRow): ApiToken {
  return {
    id: row.id as number,
    name: row.name as string,
    scopes: JSON.parse(row.scopes as string) as Scope[],
    created_at: row.created_at as string,
    expires_at: (row.expires_at as string | null) ?? null,
    last_used_at: (row.last_used_at as string | null) ?? null,
  }
}

export function toApiTokenRecord(row: StoredRow): ApiTokenRecord {
  return { ...toApiToken(row), token_hash: row.token_hash as string }
}

/** A chat connector's row, its settings parsed. */
export function toChatConnector(row: StoredRow): ChatConnectorRecord {
  const { settings, ...rest } = row
  return { ...(rest as unknown as ChatConnectorRecord), settings: typeof settings === 'string' ? JSON.parse(settings) : (settings as Record<string, unknown>) }
}

/** A queue row's columns in table order, and its upsert: the same text in both stores. */
export const QUEUE_COLUMNS = ['session_id', 'open', 'host_players', 'event_at', 'event_pending'] as const
export const QUEUE_UPSERT = `ON CONFLICT (session_id) DO UPDATE SET ${
  QUEUE_COLUMNS.slice(1).map((column) => `${column} = excluded.${column}`).join(', ')}`
export const queueValues = (queue: QueueRecord) => QUEUE_COLUMNS.map((column) => queue[column])

/**
 * A queue entry's columns but its id. The voter identity is the column `viewer`: `user` is a
 * reserved word in PostgreSQL.
 */
export const QUEUE_ENTRY_COLUMNS = [
  'session_id', 'viewer', 'name', 'seat_name', 'state', 'games_played', 'joined_at', 'session_game_id', 'seat_order',
] as const
export const queueEntryValues = (entry: Omit<QueueEntryRecord, 'id'>) =>
  QUEUE_ENTRY_COLUMNS.map((column) => (column === 'viewer' ? entry.user : entry[column]))

export function toQueueEntry(row: StoredRow): QueueEntryRecord {
  const { viewer, ...rest } = row
  return { ...(rest as unknown as Omit<QueueEntryRecord, 'user'>), user: viewer as string }
}
