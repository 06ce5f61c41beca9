// The webhook registry: validation, CRUD, logs and the test event.
import { type CoreContext, isoNow } from '../common/context.ts'
import { invalidInput, notFound } from '../common/errors.ts'
import { isEventType, queueDeliveries } from '../events/events.ts'
import type { Secrets } from '../access/secrets.ts'
import type { StoreReads, WebhookPatch, WebhookRecord } from '../store/store.ts'
import type { Webhook, WebhookLog } from '../common/types.ts'
import { asFields, type Fields, isMissing, readBoolean } from '../common/validate.ts'

const LOG_LIMIT = { default: 50, max: 500 }
/** A webhook whose secret `db reset-secrets` dropped: nothing is signed or sent until it has one. */
export const NO_SECRET = 'This webhook has no secret since db reset-secrets: set a new one first'

export const TEST_PAYLOAD = {
  session: { id: 0, is_active: true, games_played: 1 },
  game: { id: 0, title: 'Test Game', pack_name: 'Test Pack', min_players: 1, max_players: 8, manually_added: false },
}

/** The API's view of a webhook: everything but the secret. */
export function toPublicWebhook({ secret: _secret, ...webhook }: WebhookRecord): Webhook {
  return webhook
}

async function getWebhookOrThrow(tx: StoreReads, id: number): Promise<WebhookRecord> {
  const webhook = await tx.getWebhook(id)
  if (!webhook) throw notFound('Webhook not found')
  return webhook
}

function readUrl(value: unknown): string {
  if (typeof value === 'string' && URL.canParse(value)) {
    const { protocol } = new URL(value)
    if (protocol === 'http:' || protocol === 'https:') return value
  }
  throw invalidInput('Invalid URL format')
}

function readEvents(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalidInput('events must be an array')
  if (value.length === 0 || value.some((event) => typeof event !== 'string')) {
    throw invalidInput('events must be a non-empty array of strings')
  }
  const unknown = value.find((event) => !isEventType(event))
  if (unknown !== undefined) throw invalidInput(`Unknown event type: ${unknown}`)
  return [...new Set(value as string[])]
}

function readText(fields: Fields, key: string): string {
  const value = fields[key]
  if (typeof value !== 'string' || value.trim() === '') throw invalidInput(`${key} must be a non-empty string`)
  return value
}

function readPatch(fields: Fields): WebhookPatch {
  const patch: WebhookPatch = {}
  if (fields.name !== undefined) patch.name = readText(fields, 'name')
  if (fields.url !== undefined) patch.url = readUrl(fields.url)
  if (fields.secret !== undefined) patch.secret = readText(fields, 'secret')
  if (fields.events !== undefined) patch.events = readEvents(fields.events)
  if (fields.enabled !== undefined) patch.enabled = readBoolean(fields, 'enabled')
  if (Object.keys(patch).length === 0) throw invalidInput('No fields to update')
  return patch
}

export function readLogLimit(value: unknown): number {
  if (value === undefined || value === null || value === '') return LOG_LIMIT.default
  const limit = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (!Number.isSafeInteger(limit) || (limit as number) < 1 || (limit as number) > LOG_LIMIT.max) {
    throw invalidInput(`limit must be an integer from 1 to ${LOG_LIMIT.max}`)
  }
  return limit as number
}

export function createWebhooks(ctx: CoreContext, secrets: Secrets) {
  const { store } = ctx
  return {
    list: async (): Promise<Webhook[]> => (await store.read((tx) => tx.listWebhooks())).map(toPublicWebhook),
    get: async (id: number): Promise<Webhook> => toPublicWebhook(await store.read((tx) => getWebhookOrThrow(tx, id))),

    create: async (input: unknown): Promise<Webhook> => {
      const fields = asFields(input)
      if (['name', 'url', 'secret', 'events'].some((key) => isMissing(fields[key]))) {
        throw invalidInput('Missing required fields: name, url, secret, events')
      }
      const events = readEvents(fields.events)
      const webhook = {
        name: readText(fields, 'name'), url: readUrl(fields.url), secret: await secrets.seal(readText(fields, 'secret')),
        events, enabled: true, created_at: isoNow(ctx),
      }
      return toPublicWebhook(await store.transaction((tx) => tx.insertWebhook(webhook)))
    },

    /**
     * A webhook whose secret `db reset-secrets` dropped stays disabled until a new secret is
     * set; setting one enables it again unless the same change says otherwise.
     */
    update: async (id: number, input: unknown): Promise<Webhook> => {
      const patch = readPatch(asFields(input))
      if (patch.secret !== undefined) patch.secret = await secrets.seal(patch.secret)
      return toPublicWebhook(await store.transaction(async (tx) => {
        const webhook = await getWebhookOrThrow(tx, id)
        if (webhook.secret === '' && patch.secret === undefined && patch.enabled === true) throw invalidInput(NO_SECRET)
        if (webhook.secret === '' && patch.secret !== undefined) patch.enabled ??= true
        await tx.updateWebhook(id, patch)
        return getWebhookOrThrow(tx, id)
      }))
    },

    /** Deletes the webhook with its logs and pending deliveries. */
    remove: (id: number): Promise<void> =>
      store.transaction(async (tx) => {
        await getWebhookOrThrow(tx, id)
        await tx.deleteWebhook(id)
      }),

    /** Queues a game.added delivery with placeholder data for this webhook, enabled or not (not an event of the stream). */
    test: async (id: number): Promise<void> => {
      await store.transaction(async (tx) => {
        if ((await getWebhookOrThrow(tx, id)).secret === '') throw invalidInput(NO_SECRET)
        await queueDeliveries(ctx, tx, 'game.added', TEST_PAYLOAD, isoNow(ctx), id)
      })
      ctx.changed('deliveries')
    },

    /** Newest first. */
    logs: async (id: number, limitInput?: unknown): Promise<WebhookLog[]> => {
      const limit = readLogLimit(limitInput)
      return store.read(async (tx) => {
        await getWebhookOrThrow(tx, id)
        return tx.listWebhookLogs(id, limit)
      })
    },
  }
}
