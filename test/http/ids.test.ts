// Ids are never handed out twice: deleting the newest session, game, session game or webhook
// and creating another gives a new id, so anything that remembered the old one (a webhook
// receiver, an overlay, a bot, a kept export) never mixes two different things.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let token: string
const api = async (method: string, path: string, body?: unknown) => {
  const response = await call(server.url, method, path, { token, body })
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text}`)
  return response.body
}
const game = (title: string) => api('POST', '/api/games', { pack_name: 'P', title, min_players: 2, max_players: 8 })

beforeAll(async () => {
  server = await startTestServer()
  token = await login(server.url)
})
afterAll(() => server.stop())

test('deleting the newest game, session, session game or webhook never frees its id', async () => {
  const deletedGame = await game('Alpha')
  await api('DELETE', `/api/games/${deletedGame.id}`)
  expect((await game('Beta')).id).toBe(deletedGame.id + 1)

  const kept = await game('Gamma')
  const closed = await api('POST', '/api/sessions')
  await api('POST', `/api/sessions/${closed.id}/close`)
  await api('DELETE', `/api/sessions/${closed.id}`)
  const session = await api('POST', '/api/sessions')
  expect(session.id).toBe(closed.id + 1)

  const row = await api('POST', `/api/sessions/${session.id}/games`, { game_id: kept.id })
  await api('DELETE', `/api/sessions/${session.id}/games/${row.id}`)
  expect((await api('POST', `/api/sessions/${session.id}/games`, { game_id: kept.id })).id).toBe(row.id + 1)

  const hook = { name: 'bot', url: 'http://127.0.0.1:9/hook', secret: 's', events: ['game.added'] }
  const webhook = await api('POST', '/api/webhooks', hook)
  await api('DELETE', `/api/webhooks/${webhook.id}`)
  expect((await api('POST', '/api/webhooks', hook)).id).toBe(webhook.id + 1)
})
