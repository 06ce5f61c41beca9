import { ofetch } from 'ofetch'

/** The fields of `GET /api/v2/rooms/{code}` the monitor relies on; ecast sends more, all optional to us. */
export interface RoomInfo {
  code: string
  /** The game server holding the room's WebSockets (not always the REST host). */
  host: string
  /** The game has started. */
  locked: boolean
  full: boolean
  /** The game the room runs (e.g. `quiplash3`); null when the service leaves it out. */
  appTag: string | null
  /** Player slots; older rooms leave it out. */
  maxPlayers: number | null
  audienceEnabled: boolean | null
}

export type RoomLookup =
  | { kind: 'found'; room: RoomInfo }
  | { kind: 'missing' }
  /** Throttled (403/429), unreachable or answering nonsense: ask again later, more slowly. */
  | { kind: 'unavailable'; reason: string }

export interface EcastClient {
  readRoom(code: string, signal: AbortSignal): Promise<RoomLookup>
  getShardUrl(code: string, host: string, userId: string): string
}

export const DEFAULT_ECAST_URL = 'https://ecast.jackboxgames.com'
const REQUEST_TIMEOUT_MS = 10_000

export function createEcastClient(baseUrl: string = DEFAULT_ECAST_URL): EcastClient {
  const base = baseUrl.replace(/\/+$/, '')
  // Same transport security for the socket as for REST, so a local http fake gets ws://.
  const socketScheme = new URL(base).protocol === 'https:' ? 'wss' : 'ws'

  return {
    async readRoom(code, signal) {
      let response
      try {
        response = await ofetch.raw(`${base}/api/v2/rooms/${encodeURIComponent(code)}`, {
          retry: false, // retries are the monitor's business: it backs off instead of hammering
          ignoreResponseError: true,
          signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
        })
      } catch (error) {
        return { kind: 'unavailable', reason: `network error: ${(error as Error).message}` }
      }
      if (response.status === 404) return { kind: 'missing' }
      const room = response.status === 200 ? readRoomInfo(response._data) : undefined
      return room ? { kind: 'found', room } : { kind: 'unavailable', reason: `HTTP ${response.status}` }
    },

    getShardUrl(code, host, userId) {
      const query = new URLSearchParams({ role: 'shard', name: 'GamePicker', format: 'json', 'user-id': userId })
      return `${socketScheme}://${host}/api/v2/rooms/${encodeURIComponent(code)}/play?${query}`
    },
  }
}

/** Unwraps the `{ ok: true, body }` envelope; anything else (HTML error page, empty body) is undefined. */
function readRoomInfo(data: unknown): RoomInfo | undefined {
  const envelope = data as { ok?: unknown; body?: Record<string, unknown> } | null
  const body = envelope?.ok === true ? envelope.body : undefined
  if (typeof body?.host !== 'string' || body.host === '') return undefined
  return {
    code: String(body.code ?? ''),
    host: body.host,
    locked: body.locked === true,
    full: body.full === true,
    appTag: typeof body.appTag === 'string' && body.appTag !== '' ? body.appTag : null,
    maxPlayers: Number.isSafeInteger(body.maxPlayers) && (body.maxPlayers as number) > 0 ? (body.maxPlayers as number) : null,
    audienceEnabled: typeof body.audienceEnabled === 'boolean' ? body.audienceEnabled : null,
  }
}
