import type { DeliveryAttempt, DeliveryQueue, PendingDelivery } from '../delivery-queue.ts'

// An in-memory outbox that keeps the DeliveryQueue contract, for the worker's tests.

export interface LogRow {
  deliveryId: string
  webhookId: number
  eventType: string
  payload: unknown
  responseStatus: number | null
  errorMessage: string | null
  createdAt: string
  nextAttemptAt: string | null
}

interface Row {
  delivery: PendingDelivery
  nextAt: string | null // null = finished
  leasedUntil: number // ms; 0 = not leased
}



export interface EnqueueInput {
  url: string
  secret?: string
  webhookId?: number
  eventType?: string
  payload?: unknown
  attempts?: number
  /** ISO time the next attempt is due; default: due now. */
  dueAt?: string
}

export interface MemoryQueue extends DeliveryQueue {
  enqueue(input: EnqueueInput): PendingDelivery
  readonly logs: LogRow[]
  /** The outbox row as stored now. */
  find(id: number): { attempts: number; nextAt: string | null } | undefined
  /** Resolves once at least `count` attempts are recorded. */
  untilLogs(count: number): Promise<LogRow[]>
}

/** `leaseMs`: how long a claim keeps a delivery from being claimed again (the store's is 30 s). */
export function createMemoryQueue({ leaseMs = 30_000 } = {}): MemoryQueue {
  const rows: Row[] = []
  const logs: LogRow[] = []
  const waiters: Array<{ count: number; resolve: () => void }> = []
  const isDue = (row: Row, now: string) =>
    row.nextAt !== null && Date.parse(row.nextAt) <= Date.parse(now) && row.leasedUntil <= Date.parse(now)

  return {
    logs,
    enqueue(input) {
      const id = rows.length + 1
      const delivery: PendingDelivery = {
        id,
        deliveryId: crypto.randomUUID(),
        webhook: { id: input.webhookId ?? id, url: input.url, secret: input.secret ?? 'test-secret' },
        eventType: input.eventType ?? 'game.added',
        payload: input.payload ?? { n: id },
        timestamp: new Date().toISOString(),
        attempts: input.attempts ?? 0,
      }
      rows.push({ delivery, nextAt: input.dueAt ?? new Date().toISOString(), leasedUntil: 0 })
      return delivery
    },
    find(id) {
      const row = rows.find((r) => r.delivery.id === id)
      return row && { attempts: row.delivery.attempts, nextAt: row.nextAt }
    },
    async claimDue(now, limit) {
      const claimed = rows
        .filter((row) => isDue(row, now))
        .sort((a, b) => Date.parse(a.nextAt!) - Date.parse(b.nextAt!) || a.delivery.id - b.delivery.id)
        .slice(0, limit)
      for (const row of claimed) row.leasedUntil = Date.parse(now) + leaseMs
      return claimed.map((row) => structuredClone(row.delivery)) // a copy, as a database would return
    },
    async nextDueAt() {
      const times = rows.flatMap((row) => (row.nextAt === null ? [] : [Math.max(Date.parse(row.nextAt), row.leasedUntil)]))
      return times.length === 0 ? null : new Date(Math.min(...times)).toISOString()
    },
    async recordAttempt(attempt: DeliveryAttempt) {
      const row = rows.find((r) => r.delivery.id === attempt.delivery.id)
      if (!row) throw new Error(`no delivery ${attempt.delivery.id}`)
      const { delivery } = row
      logs.push({
        deliveryId: delivery.deliveryId,
        webhookId: delivery.webhook.id,
        eventType: delivery.eventType,
        payload: delivery.payload,
        responseStatus: attempt.responseStatus,
        errorMessage: attempt.errorMessage,
        createdAt: attempt.at,
        nextAttemptAt: attempt.nextAttemptAt,
      })
      delivery.attempts += 1
      row.nextAt = attempt.nextAttemptAt
      row.leasedUntil = 0
      for (const waiter of waiters.filter((w) => logs.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
    },
    untilLogs(count) {
      if (logs.length >= count) return Promise.resolve(logs)
      return new Promise((resolve) => waiters.push({ count, resolve: () => resolve(logs) }))
    },
  }
}
