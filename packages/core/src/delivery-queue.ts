// The outbox, seen as the webhook worker's DeliveryQueue.
import type { CoreContext } from './context.ts'
import type { Delivery, StoreReads } from './store.ts'
import type { DeliveryQueue, PendingDelivery } from './webhooks/delivery-queue.ts'

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

export function createDeliveryQueue({ store }: CoreContext): DeliveryQueue {
  return {
    listDue: (now, limit) =>
      store.read(async (tx) => {
        const pending = await Promise.all((await tx.listDueDeliveries(now, limit)).map((d) => toPending(tx, d)))
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
