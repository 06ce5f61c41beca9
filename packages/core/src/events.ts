// Webhook events go into the outbox in the same transaction as the change that caused them,
// so an event is queued if and only if its change committed.
import type { CoreContext } from './context.ts'
import type { StoreTx } from './store.ts'

export const EVENT_TYPES = ['session.started', 'session.ended', 'game.added', 'vote.received'] as const
export type EventType = (typeof EVENT_TYPES)[number]

export type Emit = (type: EventType, payload: unknown) => Promise<void>

/** Queues one delivery per enabled webhook subscribed to `type`; returns how many. */
export async function queueEvent(
  ctx: CoreContext, tx: StoreTx, type: EventType, payload: unknown, onlyWebhookId?: number,
): Promise<number> {
  const now = ctx.now().toISOString()
  const targets = (await tx.listWebhooks()).filter((webhook) =>
    onlyWebhookId === undefined ? webhook.enabled && webhook.events.includes(type) : webhook.id === onlyWebhookId)
  for (const webhook of targets) {
    await tx.insertDelivery({
      delivery_id: ctx.newId(), webhook_id: webhook.id, event_type: type, payload, timestamp: now, next_attempt_at: now,
    })
  }
  return targets.length
}

/** A write transaction whose `emit` queues events; wakes the delivery worker after commit. */
export async function transactionWithEvents<T>(
  ctx: CoreContext, fn: (tx: StoreTx, emit: Emit) => Promise<T>,
): Promise<T> {
  let queued = 0
  const result = await ctx.store.transaction((tx) =>
    fn(tx, async (type, payload) => { queued += await queueEvent(ctx, tx, type, payload) }))
  if (queued > 0) ctx.deliveriesQueued()
  return result
}
