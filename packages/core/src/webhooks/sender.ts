// The webhook delivery port: one attempt to hand a delivery to its receiver (a signed HTTP POST,
// in @game-picker/platforms). It never throws: every outcome has to reach the delivery log.
import type { PendingDelivery } from './delivery-queue.ts'

export interface SendOptions {
  /** The moment of this attempt: it becomes X-Webhook-Timestamp and is signed. */
  at: Date
  timeoutMs: number
}

/** `status` when the receiver answered; otherwise `error` says why there was no answer. */
export interface SendResult {
  status: number | null
  error: string | null
}

export type WebhookSender = (delivery: PendingDelivery, options: SendOptions) => Promise<SendResult>

/** What a core without a sender wired in records for each attempt. */
export const noWebhookSender: WebhookSender = async () => ({ status: null, error: 'No webhook sender is wired in' })
