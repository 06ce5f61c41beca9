// Webhooks: subscriptions, the durable outbox each event fills, the worker that drains it with
// retries, and the sender port that makes one attempt.
export type { DeliveryAttempt, DeliveryQueue, PendingDelivery } from './delivery-queue.ts'
export { isRetryable, isSuccess } from './retry-policy.ts'
export type { SendOptions, SendResult, WebhookSender } from './sender.ts'
export { createWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from './worker.ts'
export { NO_SECRET } from './webhooks.ts'
