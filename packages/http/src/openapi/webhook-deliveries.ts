// What the service sends to a webhook's URL, one entry per event type (OpenAPI's `webhooks`).
import { ref } from './schema.ts'

const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } })

const parameters = [
  header('X-Webhook-Event', 'The event type'),
  header('X-Webhook-Delivery', 'A uuid, the same for every attempt of one delivery: ignore duplicates with it'),
  header('X-Webhook-Timestamp', 'Unix seconds when this attempt was sent'),
  header('X-Webhook-Signature', '`sha256=` + hex HMAC-SHA256 with the webhook\'s secret over `X-Webhook-Timestamp + "." + raw body`'),
]

export function webhookDeliveries(events: { type: string; name: string; when: string }[]) {
  return Object.fromEntries(events.map(({ type, name, when }) => [type, {
    post: {
      summary: `${type} event`,
      description: `${when} Sent to every enabled webhook subscribed to \`${type}\`.`,
      operationId: `deliver${name}`,
      parameters,
      requestBody: { required: true, content: { 'application/json': { schema: ref(name) } } },
      responses: {
        '2XX': { description: 'Delivered. The body is ignored; redirects are not followed.' },
        default: {
          description: 'A timeout (5 s), a network error, 429 or 5xx is retried: 3 attempts in all, 1 s then 4 s apart. '
            + 'Any other status is final. Every attempt is one row of the webhook\'s delivery log.',
        },
      },
    },
  }]))
}
