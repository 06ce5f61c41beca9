// A little of everything through the API (so every route has valid ids), and a snapshot of
// everything the API can read, to show that refused requests changed nothing.
import { call } from './server.ts'

export interface SeededIds { gameId: string; sessionId: string; sessionGameId: string; packName: string; webhookId: string; pollId: string }

/** A few of everything, so valid ids exist for every route (an active session with a game in it). */
export async function seedEverything(url: string, adminToken: string): Promise<SeededIds> {
  const post = async (path: string, body: unknown, method = 'POST') =>
    (await call(url, method, path, { token: adminToken, body })).body
  const games = []
  for (const [pack, title] of [['Pack A', 'Alpha'], ['Pack A', 'Beta'], ['Pack B', 'Gamma']]) {
    games.push(await post('/api/games', { pack_name: pack, title, min_players: 2, max_players: 8, length_minutes: 20 }))
  }
  const closed = await post('/api/sessions', { notes: 'closed' })
  await post(`/api/sessions/${closed.id}/games`, { game_id: games[0].id })
  await post(`/api/sessions/${closed.id}/close`, {})
  const active = await post('/api/sessions', { notes: 'active' })
  const row = await post(`/api/sessions/${active.id}/games`, { game_id: games[1].id })
  const webhook = await post('/api/webhooks', { name: 'w', url: 'http://127.0.0.1:9/hook', secret: 's3cret', events: ['game.added'] })
  const poll = await post('/api/polls', { gameIds: [games[0].id, games[2].id] })
  return {
    gameId: String(games[2].id), sessionId: String(active.id), sessionGameId: String(row.id), packName: 'Pack B', webhookId: String(webhook.id),
    pollId: String(poll.id),
  }
}

/** Valid values for a route's path parameters. */
export function validParams(path: string, ids: SeededIds): Record<string, string> {
  const id = path.startsWith('/api/webhooks') ? ids.webhookId : path.startsWith('/api/sessions') ? ids.sessionId
    : path.startsWith('/api/polls') ? ids.pollId : ids.gameId
  return { id, sessionId: ids.sessionId, sessionGameId: ids.sessionGameId, name: encodeURIComponent(ids.packName), file: 'reference.js' }
}

/** Everything the API can read, to compare before and after. */
export async function snapshot(url: string, adminToken: string): Promise<unknown> {
  const get = async (path: string) => (await call(url, 'GET', path, { token: adminToken })).text
  const sessions = JSON.parse(await get('/api/sessions')) as { id: number }[]
  const webhooks = JSON.parse(await get('/api/webhooks')) as { id: number }[]
  const csv = await get('/api/games/export/csv')
  return {
    reads: await Promise.all(['/api/games', '/api/games/packs', '/api/games/meta/packs', '/api/sessions/active', '/api/stats', '/api/polls'].map(get)),
    sessions: await Promise.all(sessions.map(async (s) => [await get(`/api/sessions/${s.id}`), await get(`/api/sessions/${s.id}/games`)])),
    webhooks: await Promise.all(webhooks.map(async (w) => [await get(`/api/webhooks/${w.id}`), await get(`/api/webhooks/${w.id}/logs`)])),
    csv,
  }
}
