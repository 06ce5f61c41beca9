import { createHmac, timingSafeEqual } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { PendingDelivery } from '@game-picker/core'
import { sendWebhook } from './send.ts'
import { hang, refusedUrl, respondWith, startReceiver } from '../../../../test/helpers/receiver.ts'

function delivery(url: string): PendingDelivery {
  return {
    id: 1,
    deliveryId: '6f1c2a0e-5b7d-4c1e-9a43-0d2f6b8e7a11',
    webhook: { id: 7, url, secret: 'whsec_test' },
    eventType: 'session.started',
    payload: { session: { id: 3, is_active: 1, notes: 'ünïcode ✓' } },
    timestamp: '2024-05-01T12:00:00.000Z',
    attempts: 0,
  }
}

describe('sendWebhook', () => {
  it('posts the signed envelope with every header', async () => {
    const receiver = await startReceiver(respondWith(204))
    const at = new Date('2024-05-01T12:00:05.900Z')
    const result = await sendWebhook(delivery(receiver.url), { at, timeoutMs: 2000 })

    expect(result).toEqual({ status: 204, error: null })
    const [request] = receiver.requests
    expect(request.method).toBe('POST')
    expect(JSON.parse(request.rawBody)).toEqual({
      event: 'session.started',
      timestamp: '2024-05-01T12:00:00.000Z',
      data: { session: { id: 3, is_active: 1, notes: 'ünïcode ✓' } },
    })
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers['x-webhook-event']).toBe('session.started')
    expect(request.headers['x-webhook-delivery']).toBe('6f1c2a0e-5b7d-4c1e-9a43-0d2f6b8e7a11')
    expect(request.headers['x-webhook-timestamp']).toBe('1714564805') // Unix seconds of `at`

    // Verify as a receiver would: HMAC over the raw bytes received, constant-time compare.
    const expected = Buffer.from(
      'sha256=' +
        createHmac('sha256', 'whsec_test')
          .update(`${request.headers['x-webhook-timestamp']}.${request.rawBody}`)
          .digest('hex'),
    )
    const received = Buffer.from(String(request.headers['x-webhook-signature']))
    expect(received.length).toBe(expected.length)
    expect(timingSafeEqual(received, expected)).toBe(true)
  })

  it('returns the status of an error response without throwing', async () => {
    const receiver = await startReceiver(respondWith(503))
    expect(await sendWebhook(delivery(receiver.url), { at: new Date(), timeoutMs: 2000 })).toEqual({
      status: 503,
      error: null,
    })
  })

  it('does not follow redirects', async () => {
    const target = await startReceiver(respondWith(200))
    const receiver = await startReceiver((_req, res) => {
      res.writeHead(307, { Location: target.url }).end()
    })
    const result = await sendWebhook(delivery(receiver.url), { at: new Date(), timeoutMs: 2000 })
    expect(result.status).toBe(307)
    expect(target.requests).toHaveLength(0)
  })

  it('reports a timeout when the receiver never answers', async () => {
    const receiver = await startReceiver(hang)
    expect(await sendWebhook(delivery(receiver.url), { at: new Date(), timeoutMs: 150 })).toEqual({
      status: null,
      error: 'timeout after 150 ms',
    })
  })

  it('takes the status without waiting for a body that never ends', async () => {
    const receiver = await startReceiver((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.write('{"still":') // and never finishes
    })
    expect(await sendWebhook(delivery(receiver.url), { at: new Date(), timeoutMs: 5000 })).toEqual({
      status: 200,
      error: null,
    })
  })

  it('reports a network error when the connection is refused', async () => {
    const result = await sendWebhook(delivery(await refusedUrl()), { at: new Date(), timeoutMs: 2000 })
    expect(result.status).toBeNull()
    expect(result.error).toMatch(/^network error: .*ECONNREFUSED/)
  })

  it('reports an unusable URL instead of throwing', async () => {
    const result = await sendWebhook(delivery('not a url'), { at: new Date(), timeoutMs: 2000 })
    expect(result.status).toBeNull()
    expect(result.error).toMatch(/^network error: /)
  })
})
