import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { DeliveryQueue } from './delivery-queue.ts'
import { createMemoryQueue } from './test-helpers/memory-queue.ts'
import { hang, refusedUrl, respondWith, startReceiver } from '../../../../test/helpers/receiver.ts'
import type { ReceiverHandler } from '../../../../test/helpers/receiver.ts'
import { sendWebhook } from '@game-picker/platforms'
import { createWebhookWorker } from './worker.ts'
import type { WebhookWorkerOptions } from './worker.ts'

// Small retry delays keep the suite fast; the defaults are checked in retry-policy.test. The
// timeout is short only where a test waits for it (a hanging receiver): elsewhere a receiver that
// answers after 150 ms on a busy machine must not time out.
function startWorker(queue: DeliveryQueue, options: Partial<WebhookWorkerOptions> = {}) {
  const messages: string[] = []
  const worker = createWebhookWorker({
    queue,
    send: sendWebhook,
    retryDelaysMs: [20, 40],
    timeoutMs: 5_000,
    log: (message) => messages.push(message),
    ...options,
  })
  onTestFinished(() => worker.stop())
  worker.start()
  return { worker, messages }
}

const answerAfter = (ms: number, status: number): ReceiverHandler => (_req, res) => {
  setTimeout(() => res.writeHead(status).end(), ms)
}

/**
 * A receiver that hangs until the test lets it answer: it hangs for as long as the test looks,
 * however slow the machine, and the worker's stop() at the end need not wait for a timeout.
 */
function holdUntilReleased(): { handler: ReceiverHandler; release: () => void } {
  let release!: () => void
  const released = new Promise<void>((resolve) => { release = resolve })
  return { handler: (_req, res) => void released.then(() => res.writeHead(200).end()), release }
}

const outcomes = (logs: { responseStatus: number | null; errorMessage: string | null }[]) =>
  logs.map((log) => [log.responseStatus, log.errorMessage])

describe('createWebhookWorker', () => {
  it('retries 500, 500, 200: three attempts of one delivery, the last one 200', async () => {
    const receiver = await startReceiver(respondWith(500, 500, 200))
    const queue = createMemoryQueue()
    const delivery = queue.enqueue({ url: receiver.url, eventType: 'vote.received' })
    startWorker(queue)

    const logs = await queue.untilLogs(3)
    expect(outcomes(logs)).toEqual([[500, 'HTTP 500'], [500, 'HTTP 500'], [200, null]])
    expect(logs.every((log) => log.eventType === 'vote.received')).toBe(true)
    expect(queue.find(delivery.id)).toEqual({ attempts: 3, nextAt: null })
    // Every attempt carries the same delivery id, so a receiver can dedupe.
    const ids = receiver.requests.map((request) => request.headers['x-webhook-delivery'])
    expect(ids).toEqual([delivery.deliveryId, delivery.deliveryId, delivery.deliveryId])
    // The back-off: 20 ms after attempt 1, 40 ms after attempt 2 (a few ms of timer slack).
    const gap = (i: number) => Date.parse(logs[i].nextAttemptAt!) - Date.parse(logs[i].createdAt)
    expect([gap(0) >= 20, gap(1) >= 40, logs[2].nextAttemptAt]).toEqual([true, true, null])
    expect(Date.parse(logs[1].createdAt)).toBeGreaterThanOrEqual(Date.parse(logs[0].nextAttemptAt!) - 5)
  })

  it.each([400, 404, 410])('does not retry %i', async (status) => {
    const receiver = await startReceiver(respondWith(status, 200))
    const queue = createMemoryQueue()
    const delivery = queue.enqueue({ url: receiver.url })
    startWorker(queue)

    expect(outcomes(await queue.untilLogs(1))).toEqual([[status, `HTTP ${status}`]])
    expect(queue.find(delivery.id)).toEqual({ attempts: 1, nextAt: null })
    await sleep(100) // longer than every retry delay
    expect(receiver.requests).toHaveLength(1)
  })

  it('retries 429', async () => {
    const receiver = await startReceiver(respondWith(429, 200))
    const queue = createMemoryQueue()
    queue.enqueue({ url: receiver.url })
    startWorker(queue)

    expect(outcomes(await queue.untilLogs(2))).toEqual([[429, 'HTTP 429'], [200, null]])
  })

  it('records a timeout with no status when the receiver hangs, and gives up after 3 attempts', async () => {
    const receiver = await startReceiver(hang)
    const queue = createMemoryQueue()
    const delivery = queue.enqueue({ url: receiver.url })
    startWorker(queue, { timeoutMs: 200 })

    const logs = await queue.untilLogs(3)
    expect(outcomes(logs)).toEqual(Array(3).fill([null, 'timeout after 200 ms']))
    expect(queue.find(delivery.id)).toEqual({ attempts: 3, nextAt: null })
    expect(receiver.requests).toHaveLength(3)
  })

  it('records a network error when the connection is refused', async () => {
    const queue = createMemoryQueue()
    queue.enqueue({ url: await refusedUrl() })
    startWorker(queue)

    const logs = await queue.untilLogs(3)
    expect(logs.map((log) => log.responseStatus)).toEqual([null, null, null])
    expect(logs[0].errorMessage).toMatch(/^network error: .*ECONNREFUSED/)
  })

  it('does not let a hanging receiver delay another webhook, retries included', async () => {
    // The slow receiver hangs until the checks are done, not until a timeout that a busy machine
    // could reach before the fast receiver's two attempts finish.
    const hanging = holdUntilReleased()
    const slow = await startReceiver(hanging.handler)
    const fast = await startReceiver(respondWith(500, 200))
    const queue = createMemoryQueue()
    const stuck = queue.enqueue({ url: slow.url, webhookId: 1 }) // older, so listed first
    queue.enqueue({ url: fast.url, webhookId: 2 })
    startWorker(queue)

    const logs = await queue.untilLogs(2)
    expect(logs.map((log) => [log.webhookId, log.responseStatus])).toEqual([[2, 500], [2, 200]])
    expect(slow.requests).toHaveLength(1) // sent first, still waiting for its answer
    expect(queue.find(stuck.id)).toEqual({ attempts: 0, nextAt: expect.any(String) })
    hanging.release()
  })

  it('finds a due time hidden behind an in-flight attempt (a retry left by a previous process)', async () => {
    // The slow receiver hangs until the test has seen the first log: the first attempt to end
    // would otherwise be the slow one's, at its timeout, whenever the fast one is found late.
    const hanging = holdUntilReleased()
    const slow = await startReceiver(hanging.handler)
    const fast = await startReceiver(respondWith(200))
    const queue = createMemoryQueue()
    queue.enqueue({ url: slow.url, webhookId: 1 })
    // Due shortly after start, so the worker learns of it only from nextDueAt(), which keeps
    // answering the earlier, in-flight delivery's time.
    queue.enqueue({ url: fast.url, webhookId: 2, attempts: 1, dueAt: new Date(Date.now() + 50).toISOString() })
    startWorker(queue)

    const [first] = await queue.untilLogs(1)
    expect([first.webhookId, first.responseStatus]).toEqual([2, 200])
    hanging.release()
  })

  it('stop() waits for the in-flight attempt to be recorded, then sends nothing more', async () => {
    const receiver = await startReceiver(answerAfter(150, 500))
    const queue = createMemoryQueue()
    const delivery = queue.enqueue({ url: receiver.url })
    const { worker } = startWorker(queue)

    await receiver.untilRequests(1)
    const stopped = worker.stop()
    expect(queue.logs).toHaveLength(0)
    await stopped
    expect(outcomes(queue.logs)).toEqual([[500, 'HTTP 500']])

    worker.wake()
    await sleep(100) // the 20 ms retry would have gone out by now
    expect(receiver.requests).toHaveLength(1)
    expect(queue.find(delivery.id)).toMatchObject({ attempts: 1, nextAt: expect.any(String) })
  })

  it('start() resumes deliveries left due by a previous process, keeping their attempt counts', async () => {
    const receiver = await startReceiver((req, res) => {
      res.writeHead(req.headers['x-webhook-event'] === 'session.ended' ? 503 : 200).end()
    })
    const queue = createMemoryQueue()
    const past = new Date(Date.now() - 60_000).toISOString()
    const resumed = queue.enqueue({ url: receiver.url, attempts: 1, dueAt: past })
    const lastChance = queue.enqueue({ url: receiver.url, attempts: 2, dueAt: past, eventType: 'session.ended' })
    const fresh = queue.enqueue({ url: receiver.url })
    const later = queue.enqueue({ url: receiver.url, dueAt: new Date(Date.now() + 50).toISOString() })
    startWorker(queue)

    await queue.untilLogs(4)
    expect(queue.find(resumed.id)).toEqual({ attempts: 2, nextAt: null })
    expect(queue.find(lastChance.id)).toEqual({ attempts: 3, nextAt: null }) // 503, but no attempts left
    expect(queue.find(fresh.id)).toEqual({ attempts: 1, nextAt: null })
    expect(queue.find(later.id)).toEqual({ attempts: 1, nextAt: null })
    const laterLog = queue.logs.find((log) => log.deliveryId === later.deliveryId)!
    expect(Date.parse(laterLog.createdAt)).toBeGreaterThanOrEqual(Date.now() - 5_000) // sent, not lost
  })

  it('wake() picks up new deliveries and never sends one delivery twice at once', async () => {
    const receiver = await startReceiver(answerAfter(100, 200))
    const queue = createMemoryQueue()
    const { worker } = startWorker(queue)
    await sleep(20) // the start-up look found nothing

    queue.enqueue({ url: receiver.url })
    worker.wake()
    for (let i = 0; i < 10; i++) {
      worker.wake()
      await sleep(5)
    }
    await queue.untilLogs(1)
    expect(receiver.requests).toHaveLength(1)
  })

  it('bounds concurrency', async () => {
    const receiver = await startReceiver(answerAfter(30, 200))
    const queue = createMemoryQueue()
    const events: string[] = []
    const recordAttempt = queue.recordAttempt
    queue.recordAttempt = async (attempt) => {
      events.push(`recorded ${attempt.delivery.id}`)
      await recordAttempt(attempt)
    }
    queue.enqueue({ url: receiver.url })
    queue.enqueue({ url: receiver.url })
    startWorker(queue, { concurrency: 1 })

    await receiver.untilRequests(1)
    events.push('request 1')
    await receiver.untilRequests(2)
    events.push('request 2')
    await queue.untilLogs(2)
    expect(events.slice(0, 3)).toEqual(['request 1', 'recorded 1', 'request 2'])
  })

  it('logs queue errors and recovers, with no unhandled rejection', async () => {
    const receiver = await startReceiver(respondWith(200))
    const queue = createMemoryQueue()
    const claimDue = queue.claimDue
    let failures = 1
    queue.claimDue = async (now, limit) => {
      if (failures-- > 0) throw new Error('database is locked')
      return claimDue(now, limit)
    }
    queue.enqueue({ url: receiver.url })
    const { worker, messages } = startWorker(queue)

    // The start-up look fails; on a busy machine it may come later than a fixed pause.
    await expect.poll(() => messages).toEqual([expect.stringContaining('database is locked')])
    worker.wake()
    expect(outcomes(await queue.untilLogs(1))).toEqual([[200, null]])
  })

  it('resends, once its lease ends, an attempt it could not record', async () => {
    const receiver = await startReceiver(respondWith(200))
    const queue = createMemoryQueue({ leaseMs: 1000 })
    const recordAttempt = queue.recordAttempt
    let failures = 1
    queue.recordAttempt = async (attempt) => {
      if (failures-- > 0) throw new Error('disk full')
      return recordAttempt(attempt)
    }
    const delivery = queue.enqueue({ url: receiver.url })
    const { messages } = startWorker(queue, { log: () => {
      throw new Error('a broken logger must not break the worker')
    } })

    await queue.untilLogs(1)
    expect(messages).toEqual([])
    expect(receiver.requests.map((request) => request.headers['x-webhook-delivery'])).toEqual([
      delivery.deliveryId,
      delivery.deliveryId,
    ])
    expect(receiver.requests[1].receivedAt - receiver.requests[0].receivedAt).toBeGreaterThanOrEqual(900)
  })
})
