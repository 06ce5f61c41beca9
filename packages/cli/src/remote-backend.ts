// The Backend over a running server's HTTP API (docs/api.md). Responses that wrap a value
// ({ message, favor_bias }) are unwrapped to what the local backend returns.
import type {
  ApiToken, AuditEntry, ChatListEntry, CreatedToken, ChatImportResult, CsvImportResult, Game, GameFilter, LiveVoteResult,
  Pack, PackMeta, PickResult, Poll, Queue, QueueEntry, Room, Session, SessionGame, Stats, VotePage, Webhook, WebhookLog,
} from '@game-picker/core'
import { DomainError, isDomainError } from '@game-picker/core'
import type { Backend, PlayerCheckResult } from './backend.ts'
import { UsageError } from './cli-errors.ts'
import type { RemoteClient } from './remote-client.ts'
import { planImportAgainst } from './remote-plan.ts'

const AUTH = { auth: true } as const
const withoutMessage = <T extends object>({ message: _message, ...rest }: T & { message?: string }) => rest as T

function filterQuery(filter: GameFilter = {}): Record<string, string | number | undefined> {
  const query: Record<string, string | number | undefined> = {}
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) query[key] = String(value)
  return query
}

export function createRemoteBackend(client: RemoteClient): Backend {
  const { json, download } = client
  const game = (id: number) => `/api/games/${id}`
  const pack = (name: string) => `/api/games/packs/${encodeURIComponent(name)}`
  const session = (id: number) => `/api/sessions/${id}`
  const row = (sessionId: number, id: number) => `/api/sessions/${sessionId}/games/${id}`
  const webhook = (id: number) => `/api/webhooks/${id}`

  const backend: Backend = {
    mode: 'remote',
    games: {
      list: (filter) => json<Game[]>('GET', '/api/games', { query: filterQuery(filter) }),
      get: (id) => json<Game>('GET', game(id)),
      create: (body) => json<Game>('POST', '/api/games', { body, ...AUTH }),
      update: (id, body) => json<Game>('PUT', game(id), { body, ...AUTH }),
      remove: async (id) => void (await json('DELETE', game(id), AUTH)),
      toggle: (id) => json<Game>('PATCH', `${game(id)}/toggle`, AUTH),
      setFavor: async (id, body) => (await json<{ favor_bias: -1 | 0 | 1 }>('PATCH', `${game(id)}/favor`, { body, ...AUTH })).favor_bias,
    },
    packs: {
      list: () => json<Pack[]>('GET', '/api/games/packs'),
      meta: () => json<PackMeta[]>('GET', '/api/games/meta/packs'),
      setFavor: async (name, body) => (await json<{ favor_bias: -1 | 0 | 1 }>('PATCH', `${pack(name)}/favor`, { body, ...AUTH })).favor_bias,
      setEnabled: async (name, body) => (await json<{ gamesAffected: number }>('PATCH', `${pack(name)}/toggle`, { body, ...AUTH })).gamesAffected,
    },
    pick: (input, seed) => {
      if (seed !== undefined) {
        return Promise.reject(new UsageError('--seed works only on a local database: the server picks with its own random source.'))
      }
      return json<PickResult>('POST', '/api/pick', { body: { ...input } })
    },
    sessions: {
      list: (limit) => json<Session[]>('GET', '/api/sessions', { query: { limit } }),
      get: (id) => json<Session>('GET', session(id)),
      active: async () => {
        const answer = await json<Session | { session: null }>('GET', '/api/sessions/active')
        return 'id' in answer ? answer : null
      },
      start: (body) => json<Session>('POST', '/api/sessions', { body, ...AUTH }),
      close: (id, body) => json<Session>('POST', `${session(id)}/close`, { body, ...AUTH }),
      remove: async (id) => void (await json('DELETE', session(id), AUTH)),
      export: (id, format) => download(`${session(id)}/export`, { query: { format }, ...AUTH }),
      importChat: (id, body) => json<ChatImportResult>('POST', `${session(id)}/chat-import`, { body, ...AUTH }),
    },
    sessionGames: {
      list: (sessionId) => json<SessionGame[]>('GET', `${session(sessionId)}/games`),
      add: (sessionId, body) => json<SessionGame>('POST', `${session(sessionId)}/games`, { body, ...AUTH }),
      setStatus: async (sessionId, id, body) =>
        (await json<{ status: SessionGame['status'] }>('PATCH', `${row(sessionId, id)}/status`, { body, ...AUTH })).status,
      remove: async (sessionId, id) => void (await json('DELETE', row(sessionId, id), AUTH)),
      setRoomCode: (sessionId, id, body) => json<SessionGame>('PATCH', `${row(sessionId, id)}/room-code`, { body, ...AUTH }),
      setPlayerCount: async (sessionId, id, body) =>
        (await json<{ player_count: number }>('PATCH', `${row(sessionId, id)}/player-count`, { body, ...AUTH })).player_count,
      startPlayerCheck: (sessionId, id) => json<PlayerCheckResult>('POST', `${row(sessionId, id)}/start-player-check`, AUTH),
      stopPlayerCheck: (sessionId, id) => json<PlayerCheckResult>('POST', `${row(sessionId, id)}/stop-player-check`, AUTH),
    },
    rooms: {
      follow: (sessionId, body) => json<SessionGame & { room: Room }>('POST', `${session(sessionId)}/rooms`, { body, ...AUTH }),
      // Each game with a room code asks for its room; the ones without a followed room answer 404.
      list: async (sessionId) => {
        const games = (await json<SessionGame[]>('GET', `${session(sessionId)}/games`)).filter((game) => game.room_code)
        const rooms = await Promise.all(games.map((game) => json<Room>('GET', `${row(sessionId, game.id)}/room`)
          .catch((error) => (isDomainError(error) && error.code === 'NOT_FOUND' ? null : Promise.reject(error)))))
        return games.flatMap((game, i) => (rooms[i] ? [{ ...game, room: rooms[i] }] : []))
      },
    },
    votes: {
      live: (body) => json<LiveVoteResult>('POST', '/api/votes/live', { body, ...AUTH }),
      list: (query) => json<VotePage>('GET', '/api/votes', { query, ...AUTH }),
    },
    polls: {
      open: (body) => json<Poll>('POST', '/api/polls', { body, ...AUTH }),
      current: () => json<Poll>('GET', '/api/polls/open').catch((error) =>
        (isDomainError(error) && error.code === 'NOT_FOUND' ? null : Promise.reject(error))),
      list: (limit) => json<Poll[]>('GET', '/api/polls', { query: { limit } }),
      close: (id) => json<Poll>('POST', `/api/polls/${id}/close`, AUTH),
      voteByUsername: async (username, choice) => {
        const open = await backend.polls.current()
        if (!open) throw new DomainError('NOT_FOUND', 'No open poll')
        return json<Poll>('POST', `/api/polls/${open.id}/votes`, { body: { choice, username }, ...AUTH })
      },
    },
    queue: {
      get: () => json<Queue>('GET', '/api/queue'),
      open: (body) => json<Queue>('POST', '/api/queue/open', { body, ...AUTH }),
      close: () => json<Queue>('POST', '/api/queue/close', AUTH),
      add: (body) => json<QueueEntry>('POST', '/api/queue/entries', { body, ...AUTH }),
      remove: (id) => json<QueueEntry>('DELETE', `/api/queue/entries/${id}`, AUTH),
      seat: (body) => json<Queue>('POST', '/api/queue/seat', { body, ...AUTH }),
    },
    catalogue: {
      exportCsv: () => download('/api/games/export/csv', AUTH),
      planCsv: async (body) => planImportAgainst((await backend.catalogue.exportCsv()).body, body),
      importCsv: (body) => json<CsvImportResult>('POST', '/api/games/import/csv', { body, ...AUTH }),
    },
    stats: () => json<Stats>('GET', '/api/stats'),
    webhooks: {
      list: () => json<Webhook[]>('GET', '/api/webhooks', AUTH),
      get: (id) => json<Webhook>('GET', webhook(id), AUTH),
      create: async (body) => withoutMessage(await json<Webhook>('POST', '/api/webhooks', { body, ...AUTH })),
      update: async (id, body) => withoutMessage(await json<Webhook>('PATCH', webhook(id), { body, ...AUTH })),
      remove: async (id) => void (await json('DELETE', webhook(id), AUTH)),
      test: async (id) => void (await json('POST', `/api/webhooks/test/${id}`, AUTH)),
      logs: (id, limit) => json<WebhookLog[]>('GET', `${webhook(id)}/logs`, { query: { limit }, ...AUTH }),
    },
    tokens: {
      create: (body) => json<CreatedToken>('POST', '/api/tokens', { body, ...AUTH }),
      list: () => json<ApiToken[]>('GET', '/api/tokens', AUTH),
      revoke: async (id) => void (await json('DELETE', `/api/tokens/${id}`, AUTH)),
    },
    chat: {
      start: (platform, body) => json('POST', `/api/chat/${platform}`, { body, ...AUTH }),
      list: () => json<ChatListEntry[]>('GET', '/api/chat'),
      status: (platform) => json<Record<string, unknown>>('GET', `/api/chat/${platform}`),
      stop: (platform) => json('DELETE', `/api/chat/${platform}`, AUTH),
    },
    audit: (limit) => json<AuditEntry[]>('GET', '/api/audit', { query: { limit }, ...AUTH }),
    close: async () => {},
  }
  return backend
}
