// The webhook signature a receiver checks, keyed by the webhook's secret.
import { createHmac } from 'node:crypto'

/**
 * `sha256=` + hex HMAC-SHA256 over `timestamp + "." + rawBody`. The timestamp
 * is inside the MAC so a receiver can reject replays of old requests without trusting an
 * unsigned header.
 */
export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')
}
