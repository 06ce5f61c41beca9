// Drains the durable outbox: each due delivery is claimed (leased, so no other worker sharing
// the outbox sends it meanwhile) and gets one attempt at a time, attempts run concurrently (a
// hanging receiver only holds its own slot), and one timer wakes the worker at the next due
// time. The outbox is the only state that matters; this holds just what is in flight, so a
// crash at any point resends rather than loses.
import type { DeliveryQueue, PendingDelivery } from './delivery-queue.ts'
import { describeOutcome, planNextAttempt } from './retry-policy.ts'
import type { WebhookSender } from './sender.ts'

export interface WebhookWorkerOptions {
  queue: DeliveryQueue
  /** One attempt to reach the receiver (the composition root wires the HTTP one in). */
  send: WebhookSender
  /** Delay before attempt 2, 3, ...; default [1000, 4000], so 3 attempts in all. */
  retryDelaysMs?: number[]
  /** Per attempt; default 5000. */
  timeoutMs?: number
  /** Attempts in flight at once; default 16. */
  concurrency?: number
  now?: () => Date
  log?: (message: string) => void
}

export interface WebhookWorker {
  /** Sends whatever is already due (restart resume) and schedules the next due time. */
  start(): void
  /** New deliveries were queued: look now. Cheap and coalesced. */
  wake(): void
  /** Stops scheduling and sending; resolves once in-flight attempts are recorded. */
  stop(): Promise<void>
}

// How soon to look again when the queue failed, or when deliveries were due but every slot was busy.
const RECHECK_MS = 1000

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { queue, retryDelaysMs = [1000, 4000], timeoutMs = 5000, concurrency = 16 } = options
  const now = options.now ?? (() => new Date())
  const log = (message: string) => {
    try {
      options.log?.(`webhooks: ${message}`)
    } catch {} // a broken logger must not become an unhandled rejection
  }
  const inFlight = new Map<number, Promise<void>>() // by outbox id: never send one twice at once
  let running = false
  let polling: Promise<void> | null = null
  let pollAgain = false
  let timer: NodeJS.Timeout | undefined
  let timerAt = Infinity

  // One timer, always for the earliest known due time; unref'd so it never keeps a process up.
  function wakeAt(ms: number): void {
    if (!running || ms >= timerAt) return
    clearTimeout(timer)
    timerAt = ms
    timer = setTimeout(() => {
      timer = undefined
      timerAt = Infinity
      wake()
    }, Math.max(0, ms - now().getTime()))
    timer.unref()
  }

  function wake(): void {
    if (!running) return
    if (polling) {
      pollAgain = true // the running poll looks once more when done: wakes coalesce
      return
    }
    polling = pollLoop()
      .catch((error) => log(`poll failed: ${String(error)}`)) // e.g. a throwing now()
      .finally(() => (polling = null))
  }

  async function pollLoop(): Promise<void> {
    do {
      pollAgain = false
      try {
        await poll()
      } catch (error) {
        log(`queue error, looking again in ${RECHECK_MS} ms: ${String(error)}`)
        wakeAt(now().getTime() + RECHECK_MS)
      }
    } while (pollAgain && running)
  }

  async function poll(): Promise<void> {
    const listedAt = now()
    // Claim only what free slots can send now: a claimed delivery is leased to this worker.
    const free = concurrency - inFlight.size
    if (free > 0) {
      for (const delivery of await queue.claimDue(listedAt.toISOString(), free)) {
        if (!inFlight.has(delivery.id)) launch(delivery)
      }
    }
    const next = await queue.nextDueAt()
    if (next === null) return
    const nextMs = Date.parse(next)
    // A time after listedAt is new to us: wake then. A time at or before it is a delivery left
    // waiting for a slot (a finishing attempt also wakes us): look again soon. Retries
    // scheduled by this worker are armed exactly in attempt().
    wakeAt(nextMs > listedAt.getTime() ? nextMs : now().getTime() + RECHECK_MS)
  }

  function launch(delivery: PendingDelivery): void {
    const task = attempt(delivery)
      .catch((error) => log(`delivery ${delivery.deliveryId} failed unexpectedly: ${String(error)}`))
      .finally(() => {
        inFlight.delete(delivery.id)
        wake() // a slot is free
      })
    inFlight.set(delivery.id, task)
  }

  async function attempt(delivery: PendingDelivery): Promise<void> {
    const at = now()
    const result = await options.send(delivery, { at, timeoutMs })
    const next = planNextAttempt(result.status, delivery.attempts + 1, retryDelaysMs, now())
    try {
      await queue.recordAttempt({
        delivery,
        responseStatus: result.status,
        errorMessage: describeOutcome(result.status, result.error),
        at: at.toISOString(),
        nextAttemptAt: next?.toISOString() ?? null,
      })
    } catch (error) {
      // The row is unchanged and stays leased to us, so it is sent again once the lease ends
      // (at least once; the receiver can dedupe on X-Webhook-Delivery), and a broken database
      // cannot make us hammer a receiver meanwhile.
      log(`could not record attempt of ${delivery.deliveryId}, resending after its lease: ${String(error)}`)
      return
    }
    if (next) wakeAt(next.getTime())
  }

  return {
    start() {
      if (running) return
      running = true
      wake()
    },
    wake,
    async stop() {
      running = false
      clearTimeout(timer)
      timer = undefined
      timerAt = Infinity
      await polling // a poll midway launches nothing more, since running is false
      await Promise.allSettled(inFlight.values())
    },
  }
}
