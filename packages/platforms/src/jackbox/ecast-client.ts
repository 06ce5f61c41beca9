// The room service's REST side: a room read once by its code, and the address of its shard socket.
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { RoomInfo, RoomLookup } from '@game-picker/core'

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
        response = await getJson(`${base}/api/v2/rooms/${encodeURIComponent(code)}`,
          AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]))
      } catch (error) {
        return { kind: 'unavailable', reason: `network error: ${(error as Error).message}` }
      }
      // No retries here: they are the monitor's business, which backs off instead of hammering.
      if (response.status === 404) return { kind: 'missing' }
      const room = response.status === 200 ? readRoomInfo(response.data) : undefined
      return room ? { kind: 'found', room } : { kind: 'unavailable', reason: `HTTP ${response.status}` }
    },

    getShardUrl(code, host, userId) {
      const query = new URLSearchParams({ role: 'shard', name: 'GamePicker', format: 'json', 'user-id': userId })
      return `${socketScheme}://${host}/api/v2/rooms/${encodeURIComponent(code)}/play?${query}`
    },
  }
}

const MAX_BODY_BYTES = 1024 * 1024

/**
 * One GET through Node's own HTTP client: its status, and its body as JSON (undefined when it is
 * not JSON). Not `fetch`: a server polls every followed room a few times a minute, and with 100
 * rooms fetch's allocations kept V8's young generation at its largest (16 MB more than this
 * client, measured over 400 requests) and cost ~3 ms of CPU a request.
 */
function getJson(url: string, signal: AbortSignal): Promise<{ status: number; data: unknown }> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const read = (response: IncomingMessage) => {
      const chunks: Buffer[] = []
      let bytes = 0
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        if (bytes > MAX_BODY_BYTES) response.destroy(new Error(`answer larger than ${MAX_BODY_BYTES} bytes`))
        else chunks.push(chunk)
      })
      response.on('error', reject)
      response.on('end', () => {
        let data: unknown
        try {
          data = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        } catch {
          data = undefined // an HTML error page, an empty body
        }
        resolve({ status: response.statusCode ?? 0, data })
      })
    }
    send(url, { signal, headers: { accept: 'application/json' } }, read).on('error', reject).end()
  })
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
