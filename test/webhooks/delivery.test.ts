import { createHmac, timingSafeEqual } from 'node:crypto'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { hang, type Receiver, respondWith, startReceiver } from '../helpers/receiver.ts'
import { call, type CallResult, login, startTestServer, type TestServer } from '../helpers/server.ts'
import { tempDir } from '../helpers/tmp-dir.ts'
import { until } from '../helpers/until.ts'

// Short retry delays keep the file fast. The attempt timeout stays long where receivers answer:
// an answer at once may still take a few hundred ms on a busy machine and must not time out.
// Tests that wait for a hanging receiver's timeout pass a shorter one.
const FAST = { webhookRetryDelaysMs: [50, 100], webhookTimeoutMs: 10_000 }
const SECRET = 'hook-secret'

async function setUp(options: { file?: string; webhookTimeoutMs?: number } = {}) {
  const server = await startTestServer({ ...FAST, ...options })
  const token = await login(server.url)
  const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body })
  return { server, token, api }
}

type Api = (method: string, path: string, body?: unknown) => Promise<CallResult>

async function addHook(api: Api, url: string, events: string[]) {
  const { status, body } = await api('POST', '/api/webhooks', { name: 'hook', url, secret: SECRET, events })
  expect(status).toBe(201)
  return body.id as number
}

async function waitForLogs(server: TestServer, token: string, id: number, count: number, timeoutMs?: number) {
  return until(async () => (await call(server.url, 'GET', `/api/webhooks/${id}/logs`, { token })).body, (logs) => logs.length >= count, timeoutMs)
}

function verifySignature(receiver: Receiver, index: number): boolean {
  const { headers, rawBody } = receiver.requests[index]
  const expected = `sha256=${createHmac('sha256', SECRET).update(`${headers['x-webhook-timestamp']}.${rawBody}`).digest('hex')}`
  const actual = String(headers['x-webhook-signature'])
  return actual.length === expected.length && timingSafeEqual(Buffer.from(actual), Buffer.from(expected))
}

describe('webhook delivery through the running server', () => {
  test('adding a game to a session sends a signed game.added; the secret never comes back', async () => {
    const { server, token, api } = await setUp()
    try {
      const receiver = await startReceiver(respondWith(200))
      const id = await addHook(api, receiver.url, ['game.added', 'session.started'])
      expect(JSON.stringify((await api('GET', `/api/webhooks/${id}`)).body)).not.toContain(SECRET)
      const game = (await api('POST', '/api/games', { pack_name: 'P', title: 'T', min_players: 1, max_players: 4 })).body
      const session = (await api('POST', '/api/sessions')).body
      await api('POST', `/api/sessions/${session.id}/games`, { game_id: game.id })
      await receiver.untilRequests(2)
      const events = receiver.requests.map((request) => JSON.parse(request.rawBody))
      expect(events.map((event) => event.event).sort()).toEqual(['game.added', 'session.started'])
      const added = events.find((event) => event.event === 'game.added')
      expect(added.data).toEqual({
        session: { id: session.id, is_active: true, games_played: 1 },
        game: { id: game.id, title: 'T', pack_name: 'P', min_players: 1, max_players: 4, manually_added: false },
      })
      expect(Date.parse(added.timestamp)).not.toBeNaN()
      receiver.requests.forEach((request, index) => {
        expect(verifySignature(receiver, index)).toBe(true)
        expect(request.headers['content-type']).toBe('application/json')
        expect(request.headers['x-webhook-delivery']).toMatch(/^[0-9a-f-]{36}$/)
        expect(Number(request.headers['x-webhook-timestamp'])).toBeGreaterThan(1_700_000_000)
      })
      const logs = await waitForLogs(server, token, id, 2)
      expect(logs[0]).toMatchObject({ webhook_id: id, response_status: 200, error_message: null })
    } finally {
      await server.stop()
    }
  })

  test('500, 500, 200 gives three log rows; 400 is not retried; a hanging receiver times out', async () => {
    // One timeout for all three receivers: long enough for the two that answer at once, even on
    // a busy machine, and short enough that the hanging one's three attempts take seconds.
    const { server, token, api } = await setUp({ webhookTimeoutMs: 2_000 })
    try {
      const flaky = await startReceiver(respondWith(500, 500, 200))
      const rejecting = await startReceiver(respondWith(400))
      const hanging = await startReceiver(hang)
      const ids = [await addHook(api, flaky.url, ['game.added']), await addHook(api, rejecting.url, ['game.added']),
        await addHook(api, hanging.url, ['game.added'])]
      for (const id of ids) await api('POST', `/api/webhooks/test/${id}`)

      const flakyLogs = await waitForLogs(server, token, ids[0], 3)
      expect(flakyLogs.map((log: { response_status: number }) => log.response_status)).toEqual([200, 500, 500])
      expect(new Set(flaky.requests.map((r) => r.headers['x-webhook-delivery'])).size).toBe(1)
      expect(flakyLogs[2].payload).toMatchObject({ game: { title: 'Test Game' } })

      const hangingLogs = await waitForLogs(server, token, ids[2], 3, 30_000) // three 2 s timeouts
      expect(hangingLogs.every((log: { response_status: null; error_message: string }) =>
        log.response_status === null && /timeout/.test(log.error_message))).toBe(true)
      const rejectingLogs = await waitForLogs(server, token, ids[1], 1)
      expect(rejectingLogs).toHaveLength(1)
      expect(rejectingLogs[0].response_status).toBe(400)
      expect(rejecting.requests).toHaveLength(1)
    } finally {
      await server.stop()
    }
  })

  test('a disabled webhook receives nothing; events are filtered by type; logs take a limit, newest first', async () => {
    const { server, token, api } = await setUp()
    try {
      const disabled = await startReceiver(respondWith(200))
      const votesOnly = await startReceiver(respondWith(200))
      const everything = await startReceiver(respondWith(200))
      const disabledId = await addHook(api, disabled.url, ['game.added', 'session.started', 'session.ended'])
      await api('PATCH', `/api/webhooks/${disabledId}`, { enabled: false })
      await addHook(api, votesOnly.url, ['vote.received'])
      const allId = await addHook(api, everything.url, ['game.added', 'session.started', 'session.ended'])
      const session = (await api('POST', '/api/sessions')).body
      // Delivered before the next event is queued: two due at once may be sent in either order.
      await waitForLogs(server, token, allId, 1)
      await api('POST', `/api/sessions/${session.id}/close`)
      const logs = await waitForLogs(server, token, allId, 2)
      expect(logs.map((log: { event_type: string }) => log.event_type)).toEqual(['session.ended', 'session.started'])
      expect((await api('GET', `/api/webhooks/${allId}/logs?limit=1`)).body).toHaveLength(1)
      expect(await api('GET', `/api/webhooks/${allId}/logs?limit=0`))
        .toMatchObject({ status: 400, body: { error: 'limit must be an integer from 1 to 500' } })
      expect(disabled.requests).toHaveLength(0)
      expect(votesOnly.requests).toHaveLength(0)
      expect(await api('DELETE', `/api/webhooks/${allId}`)).toMatchObject({ status: 200, body: { webhookId: allId } })
      expect(await api('GET', `/api/webhooks/${allId}/logs`)).toMatchObject({ status: 404, body: { error: 'Webhook not found' } })
    } finally {
      await server.stop()
    }
  })

  test('events queued before a stop are delivered after the restart', async () => {
    const file = join(tempDir(), 'outbox.sqlite')
    const hanging = await startReceiver(hang)
    const first = await setUp({ file, webhookTimeoutMs: 1_000 }) // its one attempt, to the hanging receiver, times out
    const id = await addHook(first.api, hanging.url, ['session.started'])
    await first.api('POST', '/api/sessions')
    await hanging.untilRequests(1)
    // The receiver changes before the stop: a server started after it has no hanging URL to try,
    // whereas a change made after the restart raced the restarted worker's first attempt.
    const later = await startReceiver(respondWith(200))
    await first.api('PATCH', `/api/webhooks/${id}`, { url: later.url })
    // Stopping waits for the attempt in flight (it times out) and records it; the delivery stays queued.
    await first.server.stop()

    const second = await setUp({ file })
    try {
      // The outbox row survived the restart; its next attempt goes to the receiver now configured.
      await later.untilRequests(1)
      expect(JSON.parse(later.requests[0].rawBody).event).toBe('session.started')
    } finally {
      await second.server.stop()
    }
  })
})
