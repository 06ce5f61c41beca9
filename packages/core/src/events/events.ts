// Events: each goes into the event log (the live stream reads it) and into the webhook outbox,
// in the same transaction as the change that caused it, so an event exists if and only if its
// change committed.
import type { CoreContext } from '../common/context.ts'
import { invalidInput } from '../common/errors.ts'
import type { StoreTx } from '../store/store.ts'

export const EVENT_TYPES = [
  'session.started', 'session.ended', 'game.added', 'vote.received', 'session_game.updated',
  'poll.opened', 'poll.voted', 'poll.closed',
  'chat.connected', 'chat.disconnected', 'room.updated', 'room.ended', 'queue.updated',
] as const
export type EventType = (typeof EVENT_TYPES)[number]

export const isEventType = (value: unknown): value is EventType =>
  (EVENT_TYPES as readonly unknown[]).includes(value)

/** `a,b` (a query value) as a set of event types; empty or absent: null (all). Unknown: 400. */
export function readEventTypes(value: unknown): Set<EventType> | null {
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string') throw invalidInput('events must be a comma-separated list of event types')
  const names = value.split(',').map((name) => name.trim()).filter((name) => name !== '')
  const unknown = names.find((name) => !isEventType(name))
  if (unknown !== undefined) throw invalidInput(`Unknown event type: ${unknown}`)
  return names.length === 0 ? null : new Set(names as EventType[])
}

export type Emit = (type: EventType, data: unknown) => Promise<void>

/** Queues one delivery per enabled webhook subscribed to `type` (or just `onlyWebhookId`); returns how many. */
export async function queueDeliveries(
  ctx: CoreContext, tx: StoreTx, type: EventType, data: unknown, timestamp: string, onlyWebhookId?: number,
): Promise<number> {
  const targets = (await tx.listWebhooks()).filter((webhook) =>
    onlyWebhookId === undefined ? webhook.enabled && webhook.events.includes(type) : webhook.id === onlyWebhookId)
  for (const webhook of targets) {
    await tx.insertDelivery({
      delivery_id: ctx.newId(), webhook_id: webhook.id, event_type: type, payload: data, timestamp,
      next_attempt_at: timestamp,
    })
  }
  return targets.length
}

/**
 * A write transaction whose `emit` records events; tells the process what changed after commit.
 * Events are timestamped when emitted, or at `at` when given.
 */
export async function transactionWithEvents<T>(
  ctx: CoreContext, fn: (tx: StoreTx, emit: Emit) => Promise<T>, at?: Date,
): Promise<T> {
  let events = 0
  let deliveries = 0
  const result = await ctx.store.transaction((tx) => {
    events = deliveries = 0 // a store may run fn again after a conflict
    return fn(tx, async (type, data) => {
      const timestamp = (at ?? ctx.now()).toISOString()
      await tx.insertEvent({ type, body: JSON.stringify({ event: type, timestamp, data }), created_at: timestamp })
      events += 1
      deliveries += await queueDeliveries(ctx, tx, type, data, timestamp)
    })
  })
  if (events > 0) ctx.changed('events')
  if (deliveries > 0) ctx.changed('deliveries')
  return result
}

/** Emits `session_game.updated` with each row as it is now (call after the change). */
export async function emitSessionGamesUpdated(tx: StoreTx, emit: Emit, ids: Iterable<number>): Promise<void> {
  for (const id of ids) {
    const row = await tx.getSessionGame(id)
    if (row) await emit('session_game.updated', { session_game: row })
  }
}
