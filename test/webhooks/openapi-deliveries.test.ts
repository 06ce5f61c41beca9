import { EVENT_TYPES } from '@game-picker/core'
import { expect, test } from 'vitest'
import { checkWebhookDelivery } from '../helpers/openapi-check.ts'
import { respondWith, startReceiver } from '../helpers/receiver.ts'
import { call, login, startTestServer } from '../helpers/server.ts'

test('every event a webhook receives is what the OpenAPI document\'s webhooks describe', async () => {
  const server = await startTestServer({ webhookRetryDelaysMs: [50], webhookTimeoutMs: 300 })
  try {
    const token = await login(server.url)
    const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body })
    const receiver = await startReceiver(respondWith(204))
    await api('POST', '/api/webhooks', { name: 'all', url: receiver.url, secret: 's', events: [...EVENT_TYPES] })

    // One games night touching every event type: start, add two games (the first becomes
    // `played`), a room code, a live vote, close.
    const game = (await api('POST', '/api/games', { pack_name: 'P', title: 'T', min_players: 1, max_players: 4 })).body
    const session = (await api('POST', '/api/sessions')).body
    const row = (await api('POST', `/api/sessions/${session.id}/games`, { game_id: game.id })).body
    await api('PATCH', `/api/sessions/${session.id}/games/${row.id}/room-code`, { room_code: 'ABCD' })
    await api('POST', '/api/votes/live', { username: 'viewer', vote: 'up', timestamp: new Date().toISOString() })
    await api('POST', `/api/sessions/${session.id}/games`, { game_id: game.id })
    await api('POST', `/api/sessions/${session.id}/close`)

    const seen = new Set<string>()
    for (let i = 0; i < 200 && seen.size < EVENT_TYPES.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      receiver.requests.forEach((request) => seen.add(String(request.headers['x-webhook-event'])))
    }
    expect([...seen].sort()).toEqual([...EVENT_TYPES].sort())
    for (const { headers, rawBody } of receiver.requests) await checkWebhookDelivery(headers, rawBody)
  } finally {
    await server.stop()
  }
})
