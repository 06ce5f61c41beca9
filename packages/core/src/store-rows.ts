// Rows as SQL stores keep them, turned into the port's shapes. The sqlite and PostgreSQL stores
// have the same columns: webhook events and payloads as JSON text, flags as 0/1.
import type { ApiTokenRecord, ChatConnectorRecord, Delivery, WebhookRecord } from './store.ts'
import type { ApiToken, Scope, WebhookLog } from './types.ts'

export type StoredRow = Record<string, unknown>

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
