// Every route of the API, with what it takes: the table the fuzz and body tests walk. A test
// checks it against the routes the app registers, so a new route cannot be left out.
import { createSqliteStore } from '@game-picker/sqlite'
import { createApp } from '@game-picker/http'
import { createTestCore } from './server.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** object: a JSON object is required; optional: an object or nothing; none: no body is read. */
export type BodyKind = 'object' | 'optional' | 'none'

export interface Route { method: Method; path: string; admin: boolean; body: BodyKind }

const route = (method: Method, path: string, admin: boolean, body: BodyKind = 'none'): Route => ({ method, path, admin, body })
const ROW = '/api/sessions/:sessionId/games/:sessionGameId'

export const ROUTES: Route[] = [
  route('GET', '/health', false),
  route('POST', '/api/auth/login', false, 'object'),
  route('POST', '/api/auth/verify', true),
  route('GET', '/api/games', false),
  route('POST', '/api/games', true, 'object'),
  route('GET', '/api/games/packs', false),
  route('GET', '/api/games/meta/packs', false),
  route('GET', '/api/games/export/csv', true),
  route('POST', '/api/games/import/csv', true, 'object'),
  route('PATCH', '/api/games/packs/:name/favor', true, 'object'),
  route('PATCH', '/api/games/packs/:name/toggle', true, 'object'),
  route('GET', '/api/games/:id', false),
  route('PUT', '/api/games/:id', true, 'optional'),
  route('DELETE', '/api/games/:id', true),
  route('PATCH', '/api/games/:id/toggle', true),
  route('PATCH', '/api/games/:id/favor', true, 'object'),
  route('GET', '/api/sessions', false),
  route('POST', '/api/sessions', true, 'optional'),
  route('GET', '/api/sessions/active', false),
  route('GET', '/api/sessions/:id', false),
  route('DELETE', '/api/sessions/:id', true),
  route('POST', '/api/sessions/:id/close', true, 'optional'),
  route('GET', '/api/sessions/:id/games', false),
  route('POST', '/api/sessions/:id/games', true, 'object'),
  route('POST', '/api/sessions/:id/chat-import', true, 'object'),
  route('GET', '/api/sessions/:id/export', true),
  route('PATCH', `${ROW}/status`, true, 'object'),
  route('DELETE', ROW, true),
  route('PATCH', `${ROW}/room-code`, true, 'object'),
  route('PATCH', `${ROW}/player-count`, true, 'object'),
  route('POST', `${ROW}/start-player-check`, true),
  route('POST', `${ROW}/stop-player-check`, true),
  route('POST', '/api/sessions/:id/rooms', true, 'object'),
  route('GET', `${ROW}/room`, false),
  route('POST', '/api/pick', false, 'optional'),
  route('POST', '/api/votes/live', true, 'object'),
  route('GET', '/api/stats', false),
  route('GET', '/api/polls', false),
  route('POST', '/api/polls', true, 'object'),
  route('GET', '/api/polls/open', false),
  route('GET', '/api/polls/:id', false),
  route('POST', '/api/polls/:id/votes', false, 'object'),
  route('POST', '/api/polls/:id/close', true),
  route('GET', '/api/webhooks', true),
  route('GET', '/api/webhooks/:id', true),
  route('POST', '/api/webhooks', true, 'object'),
  route('PATCH', '/api/webhooks/:id', true, 'object'),
  route('DELETE', '/api/webhooks/:id', true),
  route('POST', '/api/webhooks/test/:id', true),
  route('GET', '/api/webhooks/:id/logs', true),
  route('POST', '/api/tokens', true, 'object'),
  route('GET', '/api/tokens', true),
  route('DELETE', '/api/tokens/:id', true),
  route('GET', '/api/audit', true),
  route('GET', '/api/chat', false),
  route('POST', '/api/chat/twitch', true, 'object'),
  route('GET', '/api/chat/twitch', false),
  route('DELETE', '/api/chat/twitch', true),
  route('POST', '/api/chat/discord', true, 'object'),
  route('GET', '/api/chat/discord', false),
  route('DELETE', '/api/chat/discord', true),
  route('POST', '/api/chat/youtube', true, 'object'),
  route('GET', '/api/chat/youtube', false),
  route('DELETE', '/api/chat/youtube', true),
  route('GET', '/api/queue', false),
  route('POST', '/api/queue/open', true, 'optional'),
  route('POST', '/api/queue/close', true, 'none'),
  route('POST', '/api/queue/seat', true, 'optional'),
  route('POST', '/api/queue/entries', true, 'object'),
  route('DELETE', '/api/queue/entries/:id', true),
  route('GET', '/api/votes', true),
  route('GET', '/api/sessions/:id/votes', false),
  route('GET', '/api/backups', true),
  route('POST', '/api/backups', true),
  route('GET', '/api/events', false), // a stream: answers with headers, then stays open
  route('GET', '/api/network', false),
  route('GET', '/api/openapi.json', false),
  route('GET', '/docs', false),
  route('GET', '/docs/assets/:file', false),
  // The web app: its pages (each also with a trailing slash) and its hashed assets.
  ...['/', '/session', '/catalogue', '/stats', '/history', '/overlay', '/poll', '/vote']
    .flatMap((page) => (page === '/' ? [page] : [page, `${page}/`])).map((page) => route('GET', page, false)),
  route('GET', '/assets/**', false),
]

/** `METHOD /path` of every route the app registers (h3 keeps them in `~routes`). */
export async function registeredRoutes(): Promise<string[]> {
  const core = createTestCore(await createSqliteStore())
  try {
    const app = createApp(core, { jwtSecret: 'routes-listing-secret-0123456789' }) as unknown as {
      '~routes': { method: string; route: string }[]
    }
    const routes = app['~routes'].map((r) => `${r.method} ${r.route}`)
    // The preflight answers every path; a HEAD twin of a GET route is the same route.
    return routes.filter((r) => !r.startsWith('OPTIONS ') && !(r.startsWith('HEAD ') && routes.includes(`GET ${r.slice(5)}`)))
  } finally {
    await core.close()
  }
}

/** The route's path with its parameters filled in. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`).replace('**', params.file ?? 'file')
}
