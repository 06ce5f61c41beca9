// The port between the webhook worker and the durable outbox. The core implements it over the
// database (one outbox row per subscribed webhook, inserted in the event's own transaction);
// the worker only reads due rows and records attempts, so a restart loses nothing.

export interface PendingDelivery {
  /** Outbox row id. */
  id: number
  /** uuid, the same for every attempt of this delivery (X-Webhook-Delivery). */
  deliveryId: string
  webhook: { id: number; url: string; secret: string }
  /** 'game.added' | 'session.started' | 'session.ended' | 'vote.received' */
  eventType: string
  /** The event data (wire `data`). */
  payload: unknown
  /** ISO 8601 time of the event (wire `timestamp`). */
  timestamp: string
  /** Attempts already made. */
  attempts: number
}

export interface DeliveryAttempt {
  delivery: PendingDelivery
  responseStatus: number | null
  errorMessage: string | null
  /** ISO time of the attempt (the log row's created_at). */
  at: string
  /** null = finished (success, non-retryable, or attempts exhausted). */
  nextAttemptAt: string | null
}

export interface DeliveryQueue {
  /**
   * Up to `limit` unfinished deliveries whose next attempt time is <= now, oldest first, leased
   * to this worker so that no other worker sharing the outbox sends them until the attempt is
   * recorded (or the lease ends, when this worker died).
   */
  claimDue(now: string, limit: number): Promise<PendingDelivery[]>
  /** Earliest time an unfinished delivery can be claimed, or null. */
  nextDueAt(): Promise<string | null>
  /**
   * One transaction: insert the WebhookLog row (webhook_id, event_type, payload,
   * response_status, error_message, created_at) and update the outbox row (attempts+1, next
   * attempt time or finished, lease ended).
   */
  recordAttempt(attempt: DeliveryAttempt): Promise<void>
}
