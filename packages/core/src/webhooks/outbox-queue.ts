// The outbox, seen as the webhook worker's DeliveryQueue. Deliveries are claimed with a lease,
// so with several servers on one store each attempt is made by one of them, and the attempts a
// dead server had in flight are taken up by the others once its lease ends.
import type { CoreContext } from '../common/context.ts'
import type { Delivery, StoreReads } from '../store/store.ts'
import type { DeliveryQueue, PendingDelivery } from './delivery-queue.ts'

async function toPending(tx: StoreReads, delivery: Delivery): Promise<PendingDelivery | null> {
  const webhook = await tx.getWebhook(delivery.webhook_id)
  if (!webhook) return null
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

export function createDeliveryQueue(ctx: CoreContext): DeliveryQueue {
  const { store } = ctx
  return {
    claimDue: (now, limit) =>
      store.transaction(async (tx) => {
        const leaseUntil = new Date(Date.parse(now) + DELIVERY_LEASE_MS).toISOString()
        const claimed = await tx.claimDueDeliveries(ctx.instanceId, now, leaseUntil, limit)
        const pending = await Promise.all(claimed.map((delivery) => toPending(tx, delivery)))
        return pending.filter((delivery): delivery is PendingDelivery => delivery !== null)
      }),
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
