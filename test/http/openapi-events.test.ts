import { EVENT_TYPES } from '@game-picker/core'
import { expect, test } from 'vitest'
import { connectedEvents } from '../helpers/event-client.ts'
import { checkEvent, checkResponse, checkWebhookDelivery } from '../helpers/openapi-check.ts'
import { startFakeEcast } from '../helpers/fake-ecast.ts'
import { startFakeTwitch } from '../helpers/fake-twitch.ts'
import { respondWith, startReceiver } from '../helpers/receiver.ts'
import { call, login, startTestServer } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

const typesOf = (names: string[]) => [...new Set(names)].sort()

test('every event type, as a webhook receives it and as the stream sends it, is what the document describes', async () => {
  const twitch = await startFakeTwitch()
  const ecast = await startFakeEcast()
  // The receiver answers at once, so nothing waits for the attempt timeout: it is long, as an
  // attempt that timed out on a busy machine could leave an event unsent after its retry.
  const server = await startTestServer({
    webhookRetryDelaysMs: [50], webhookTimeoutMs: 10_000, chat: { twitch: { url: twitch.url } }, chatSyncMs: 100, ecastUrl: ecast.url,
  })
  try {
    const token = await login(server.url)
    const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body })
    const receiver = await startReceiver(respondWith(204))
    await api('POST', '/api/webhooks', { name: 'all', url: receiver.url, secret: 's', events: [...EVENT_TYPES] })
    const stream = await connectedEvents(server.url, '', { authorization: `Bearer ${token}` })

    // One games night, 8 events of every session type: started; game.added; updated (room code);
    // vote.received; updated (the first game played) and game.added; updated (the second played)
    // and ended.
    const game = (await api('POST', '/api/games', { pack_name: 'P', title: 'T', min_players: 1, max_players: 4 })).body
    const session = (await api('POST', '/api/sessions')).body
    const row = (await api('POST', `/api/sessions/${session.id}/games`, { game_id: game.id })).body
    await api('PATCH', `/api/sessions/${session.id}/games/${row.id}/room-code`, { room_code: 'ABCD' })
    await api('POST', '/api/votes/live', { username: 'viewer', vote: 'up', timestamp: new Date().toISOString() })
    await api('POST', `/api/sessions/${session.id}/games`, { game_id: game.id })
    await api('POST', `/api/sessions/${session.id}/close`)
    // Then a poll: opened; voted (its tally, sent shortly after the vote); closed.
    const other = (await api('POST', '/api/games', { pack_name: 'P', title: 'U', min_players: 1, max_players: 4 })).body
    const poll = (await api('POST', '/api/polls', { gameIds: [game.id, other.id] })).body
    await api('POST', `/api/polls/${poll.id}/votes`, { choice: 1, username: 'viewer' })
    await stream.until(10)
    await api('POST', `/api/polls/${poll.id}/close`)
    await stream.until(11)
    // Then the chat connector joining a channel and stopping.
    await api('POST', '/api/chat/twitch', { channel: 'events_channel' })
    await until(async () => (await api('GET', '/api/chat/twitch')).body.state, (state) => state === 'connected')
    await api('DELETE', '/api/chat/twitch')
    await stream.until(13)
    // Then a followed room: a player joins (room.updated), the room closes (room.ended).
    await api('POST', '/api/games', { pack_name: 'P', title: 'Tagged', min_players: 1, max_players: 4, app_tags: ['events-room'] })
    const room = ecast.createRoom('EVNT', { appTag: 'events-room' })
    await api('POST', '/api/sessions')
    const followed = (await api('POST', `/api/sessions/${session.id + 1}/rooms`, { room_code: 'EVNT' })).body
    room.join('player', 'ANN')
    await until(async () => (await call(server.url, 'GET', `/api/sessions/${session.id + 1}/games/${followed.id}/room`)).body.players, (players) => players.length > 0)
    room.exit()
    // Then the viewer queue opening (queue.updated).
    await api('POST', '/api/queue/open', {})
    const events = await until(() => stream.events,
      (seen) => ['room.ended', 'queue.updated'].every((type) => seen.some((event) => event.event === type)))
    expect(typesOf(events.map((event) => event.event))).toEqual(typesOf([...EVENT_TYPES]))
    for (const { event, data } of events) {
      await checkEvent(JSON.parse(data))
      expect(JSON.parse(data).event).toBe(event)
    }
    await receiver.untilRequests(events.length)
    for (const { headers, rawBody } of receiver.requests) await checkWebhookDelivery(headers, rawBody)

    const opened = new AbortController()
    const response = await fetch(`${server.url}/api/events`, { signal: opened.signal })
    await checkResponse({ method: 'GET', path: '/api/events', status: response.status, headers: response.headers, body: null })
    expect(response.status).toBe(200)
    opened.abort()
  } finally {
    await server.stop()
    await twitch.close()
    await ecast.close()
  }
})
