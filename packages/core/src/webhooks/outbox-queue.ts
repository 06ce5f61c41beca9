// The outbox, seen as the webhook worker's DeliveryQueue. Deliveries are claimed with a lease,
// so with several servers on one store each attempt is made by one of them, and the attempts a
// dead server had in flight are taken up by the others once its lease ends.
import type { Secrets } from '../access/secrets.ts'
import type { CoreContext } from '../common/context.ts'
import type { Delivery, StoreReads } from '../store/store.ts'
import type { DeliveryQueue, PendingDelivery } from './delivery-queue.ts'

async function toPending(tx: StoreReads, delivery: Delivery): Promise<PendingDelivery | null> {
  const webhook = await tx.getWebhook(delivery.webhook_id)
  if (!webhook || webhook.secret === '') return null // deleted, or its secret dropped by db reset-secrets
  return {
    id: delivery.id,
    deliveryId: delivery.delivery_id,
    webhook: { id: webhook.id, url: webhook.url, secret: webhook.secret },
    eventType: delivery.event_type,
    payload: delivery.payload,
    timestamp: delivery.timestamp,
    attempts: delivery.attempts,
  }
}

/** Longer than an attempt (5 s timeout) and its recording; a dead server's attempts resume after it. */
export const DELIVERY_LEASE_MS = 30_000

export function createDeliveryQueue(ctx: CoreContext, secrets: Secrets): DeliveryQueue {
  const { store } = ctx
  return {
    claimDue: async (now, limit) => {
      const pending = await store.transaction(async (tx) => {
        const leaseUntil = new Date(Date.parse(now) + DELIVERY_LEASE_MS).toISOString()
        const claimed = await tx.claimDueDeliveries(ctx.instanceId, now, leaseUntil, limit)
        return (await Promise.all(claimed.map((delivery) => toPending(tx, delivery))))
          .filter((delivery): delivery is PendingDelivery => delivery !== null)
      })
      // Opened after the commit: opening may first check the key, in a transaction of its own.
      return Promise.all(pending.map(async (delivery) => ({
        ...delivery, webhook: { ...delivery.webhook, secret: await secrets.open(delivery.webhook.secret) },
      })))
    },
    nextDueAt: () => store.read((tx) => tx.nextDeliveryDueAt()),
    recordAttempt: (attempt) =>
      store.transaction(async (tx) => {
        const { delivery } = attempt
        // The webhook may have been deleted while the attempt was in flight; its logs went with it.
        if (!(await tx.getWebhook(delivery.webhook.id))) return
        await tx.insertWebhookLog({
          webhook_id: delivery.webhook.id, event_type: delivery.eventType, payload: delivery.payload,
          response_status: attempt.responseStatus, error_message: attempt.errorMessage, created_at: attempt.at,
        })
        await tx.updateDelivery(delivery.id, attempt.nextAttemptAt)
      }),
  }
}
