// The webhook registry, test sends and delivery logs.
import { pathItems } from '../operation.ts'
import { NO_SECRET } from '@game-picker/core'
import { arrayOf, boolean, input, integer, messageAnd, ref, string } from '../schema.ts'

const NOT_FOUND = 'Webhook not found'
const VALUE_ERRORS = ['Invalid URL format', 'events must be an array', 'events must be a non-empty array of strings',
  'Unknown event type: NAME', '<field> must be a non-empty string']
const fields = {
  name: string(),
  url: string('An absolute http(s) URL', { format: 'uri' }),
  secret: string('Signs every delivery (HMAC-SHA256); never returned'),
  events: arrayOf(ref('EventType'), 'The event types to receive'),
}

export const webhookPaths = pathItems('Webhooks', {
  '/api/webhooks': {
    get: { summary: 'List webhooks', scope: 'webhooks', ok: { description: 'Every webhook', schema: arrayOf(ref('Webhook')) } },
    post: {
      summary: 'Register a webhook', scope: 'webhooks',
      body: { schema: input(fields, ['name', 'url', 'secret', 'events']) },
      ok: { status: 201, description: 'The webhook, enabled, with "Webhook created successfully"', schema: ref('SavedWebhook') },
      errors: { 400: ['Missing required fields: name, url, secret, events', ...VALUE_ERRORS] },
    },
  },
  '/api/webhooks/{id}': {
    get: { summary: 'Get a webhook', scope: 'webhooks', ok: { description: 'The webhook', schema: ref('Webhook') }, errors: { 404: [NOT_FOUND] } },
    patch: {
      summary: 'Update a webhook', scope: 'webhooks',
      description: 'A webhook whose secret `db reset-secrets` dropped stays disabled until a new `secret` is set; setting one enables it again unless `enabled: false` comes with it.',
      body: { schema: input({ ...fields, enabled: boolean() }, [], 'At least one field') },
      ok: { description: 'The webhook, with "Webhook updated successfully"', schema: ref('SavedWebhook') },
      errors: { 400: ['No fields to update', ...VALUE_ERRORS, 'enabled must be true or false', NO_SECRET], 404: [NOT_FOUND] },
    },
    delete: {
      summary: 'Delete a webhook', scope: 'webhooks',
      description: 'Its delivery logs go with it.',
      ok: { description: '"Webhook deleted successfully"', schema: messageAnd({ webhookId: integer() }) },
      errors: { 404: [NOT_FOUND] },
    },
  },
  '/api/webhooks/test/{id}': {
    post: {
      summary: 'Send a test event', scope: 'webhooks',
      description: 'Queues a `game.added` event with placeholder data for this webhook, even when it is disabled or not subscribed.',
      ok: { description: '"Test webhook sent"', schema: messageAnd({ note: string() }) },
      errors: { 400: [NO_SECRET], 404: [NOT_FOUND] },
    },
  },
  '/api/webhooks/{id}/logs': {
    get: {
      summary: 'Delivery log', scope: 'webhooks',
      query: { limit: { schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 }, description: 'How many attempts, newest first' } },
      ok: { description: 'Delivery attempts of the last 30 days (older ones are pruned), newest first', schema: arrayOf(ref('WebhookLog')) },
      errors: { 400: ['limit must be an integer from 1 to 500'], 404: [NOT_FOUND] },
    },
  },
})
