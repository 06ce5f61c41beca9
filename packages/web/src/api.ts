// The only module that talks to the server over fetch. Every failure becomes an ApiError
// carrying the API's own `error` text.
import { getToken, setToken } from './auth.ts'
import type {
  ChatEntry, ChatPlatform, DiscordStatus, Favor, Game, NetworkInfo, OpenPollRequest, Pack, PackMeta, PickRequest, PickResult, Poll, Queue,
  QueueEntry, Room, Session,
  SessionGame, SessionGameStatus, Stats, YouTubeChatStatus,
} from './types.ts'

export class ApiError extends Error {
  readonly status: number
  readonly body: Record<string, unknown>
  constructor(status: number, body: Record<string, unknown>) {
    super(typeof body.error === 'string' ? body.error : `Request failed (HTTP ${status})`)
    this.status = status
    this.body = body
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

async function request<T>(method: Method, path: string, options: { body?: unknown; admin?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = {}
  const token = options.admin ? getToken() : null
  if (token) headers.authorization = `Bearer ${token}`
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(path, {
    method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const body = await response.json().catch(() => ({}))
  if (response.ok) return body as T
  // A token the server no longer accepts is of no use to keep: the page returns to public mode.
  if (token && response.status === 403) setToken(null)
  throw new ApiError(response.status, body)
}

/** The answer, or null where the API says 404 (there is none). */
async function orNone<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) return null
    throw failure
  }
}

const admin = { admin: true }
const games = (sessionId: number) => `/api/sessions/${sessionId}/games`
const sessionGame = (row: SessionGame) => `${games(row.session_id)}/${row.id}`

/** The Discord bot's status, or null when it is not connected to a channel. */
export async function getDiscordStatus(): Promise<DiscordStatus | null> {
  try {
    return await request<DiscordStatus>('GET', '/api/chat/discord')
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) return null
    throw failure
  }
}

export const logIn = (key: string) => request<{ token: string }>('POST', '/api/auth/login', { body: { key } })
export const verifyToken = () => request<{ valid: boolean }>('POST', '/api/auth/verify', admin)

export const listGames = () => request<Game[]>('GET', '/api/games')
export const listPacks = () => request<Pack[]>('GET', '/api/games/packs')
export const listPackMeta = () => request<PackMeta[]>('GET', '/api/games/meta/packs')
export const pick = (body: PickRequest) => request<PickResult>('POST', '/api/pick', { body })
export const getStats = () => request<Stats>('GET', '/api/stats')
export const getNetwork = () => request<NetworkInfo>('GET', '/api/network')

export const setGameEnabled = (id: number, enabled: boolean) =>
  request<Game>('PUT', `/api/games/${id}`, { body: { enabled }, ...admin })
export const setGameFavor = (id: number, favor_bias: Favor) =>
  request('PATCH', `/api/games/${id}/favor`, { body: { favor_bias }, ...admin })
export const setPackEnabled = (name: string, enabled: boolean) =>
  request('PATCH', `/api/games/packs/${encodeURIComponent(name)}/toggle`, { body: { enabled }, ...admin })
export const setPackFavor = (name: string, favor_bias: Favor) =>
  request('PATCH', `/api/games/packs/${encodeURIComponent(name)}/favor`, { body: { favor_bias }, ...admin })

/** A page of sessions, newest first: at most `limit`, after the session `before`. */
export const listSessionPage = (limit: number, before?: number) =>
  request<Session[]>('GET', `/api/sessions?limit=${limit}${before === undefined ? '' : `&before=${before}`}`)
export async function findActiveSession(): Promise<Session | null> {
  const body = await request<Session | { session: null }>('GET', '/api/sessions/active')
  return 'id' in body ? body : null
}
export const listSessionGames = (sessionId: number) => request<SessionGame[]>('GET', games(sessionId))
export const startSession = (notes: string) =>
  request<Session>('POST', '/api/sessions', { body: notes ? { notes } : {}, ...admin })
export const closeSession = (id: number) => request<Session>('POST', `/api/sessions/${id}/close`, admin)
export const addToSession = (sessionId: number, gameId: number) =>
  request<SessionGame>('POST', games(sessionId), { body: { game_id: gameId }, ...admin })

export const setStatus = (row: SessionGame, status: SessionGameStatus) =>
  request('PATCH', `${sessionGame(row)}/status`, { body: { status }, ...admin })
export const setRoomCode = (row: SessionGame, room_code: string) =>
  request<SessionGame>('PATCH', `${sessionGame(row)}/room-code`, { body: { room_code }, ...admin })
/** Adds the game the room runs to the session and follows the room; answers the row with its `room`. */
export const followRoom = (sessionId: number, room_code: string) =>
  request<SessionGame & { room: Room }>('POST', `/api/sessions/${sessionId}/rooms`, { body: { room_code }, ...admin })
/** The room a session game follows, or null when it follows none. */
export const getRoom = (row: SessionGame) => orNone(request<Room>('GET', `${sessionGame(row)}/room`))
export const startPlayerCheck = (row: SessionGame) => request('POST', `${sessionGame(row)}/start-player-check`, admin)
export const stopPlayerCheck = (row: SessionGame) => request('POST', `${sessionGame(row)}/stop-player-check`, admin)

export const openPoll = (body: OpenPollRequest) => request<Poll>('POST', '/api/polls', { body, ...admin })
export const closePoll = (id: number) => request<Poll>('POST', `/api/polls/${id}/close`, admin)
export const votePoll = (id: number, choice: number, voter: string) =>
  request<Poll>('POST', `/api/polls/${id}/votes`, { body: { choice, voter } })
/** The newest poll: the open one if any (a poll opens only when none is open, so it is the newest), else null. */
export const findLatestPoll = async (): Promise<Poll | null> => (await request<Poll[]>('GET', '/api/polls?limit=1'))[0] ?? null
/** Every chat the server reads (GET /api/chat: an empty list when none is). */
export const listChats = () => request<ChatEntry[]>('GET', '/api/chat')
export const connectChat = (platform: ChatPlatform, body: Record<string, unknown>) =>
  request<unknown>('POST', `/api/chat/${platform}`, { body, ...admin })
export const disconnectChat = (platform: ChatPlatform) => request<unknown>('DELETE', `/api/chat/${platform}`, admin)
/** The YouTube chat's own status (its quota), while one is read. */
export const getYouTubeStatus = () => request<YouTubeChatStatus>('GET', '/api/chat/youtube')

/** The active session's viewer queue, or null when no session is active. */
export const findQueue = () => orNone(request<Queue>('GET', '/api/queue'))
/** Opens the queue to joins; `host_players` (0 to 8) are the seats the host's own people take (without it, as before). */
export const openQueue = (host_players?: number) =>
  request<Queue>('POST', '/api/queue/open', { body: host_players === undefined ? {} : { host_players }, ...admin })
export const closeQueue = () => request<Queue>('POST', '/api/queue/close', admin)
export const addQueueEntry = (name: string) => request<QueueEntry>('POST', '/api/queue/entries', { body: { name }, ...admin })
export const removeQueueEntry = (id: number) => request<QueueEntry>('DELETE', `/api/queue/entries/${id}`, admin)
/** Seats the first `count` waiting (without it, as many as the playing game has seats for). */
export const seatFromQueue = (count?: number) =>
  request<Queue>('POST', '/api/queue/seat', { body: count === undefined ? {} : { count }, ...admin })
