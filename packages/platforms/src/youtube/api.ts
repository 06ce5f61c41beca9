// The two YouTube Data API v3 calls a live chat reader makes, over plain HTTP with `fetch`
// (no client library: two GETs with a key do not need Google's 100 MB of generated code).
// Requests go to `{apiUrl}/videos` and `{apiUrl}/liveChat/messages` with `key=`; answers and
// errors keep YouTube's shapes (`{ error: { code, message, errors: [{ reason, domain }] } }`).

export const DEFAULT_YOUTUBE_API_URL = 'https://www.googleapis.com/youtube/v3'
/** The most messages one liveChatMessages.list answer may carry: one call (5 units) reads up to this many. */
const MAX_RESULTS = 2000
const TIMEOUT_MS = 15_000

/** Quota units per call (developers.google.com/youtube/v3/determine_quota_cost). */
export const QUOTA_COST = { videosList: 1, liveChatMessagesList: 5 } as const

/** YouTube answered with an error: its HTTP status and the first error's reason (`quotaExceeded`, `liveChatEnded`, ...). */
export class YouTubeError extends Error {
  readonly status: number
  readonly reason: string
  constructor(status: number, reason: string, message: string) {
    super(message)
    this.name = 'YouTubeError'
    this.status = status
    this.reason = reason
  }

  /** The day's quota is used up (403 quotaExceeded, or the older dailyLimitExceeded). */
  get quotaExceeded(): boolean {
    return this.reason === 'quotaExceeded' || this.reason === 'dailyLimitExceeded'
  }

  /** The key itself is refused: unknown, expired, restricted, or the API not enabled for its project. */
  get keyRefused(): boolean {
    return !this.quotaExceeded && (this.status === 400 || this.status === 401 || this.status === 403)
  }
}

export interface LiveChatItem {
  id: string
  snippet?: { type?: string; displayMessage?: string; publishedAt?: string }
  authorDetails?: { channelId?: string; displayName?: string }
}

export interface LiveChatPage {
  items: LiveChatItem[]
  nextPageToken: string | null
  pollingIntervalMillis: number
  offlineAt: string | null
}

export interface YouTubeApi {
  /** videos.list: the video's active live chat id, or null when it has none (not live, unknown). */
  activeLiveChatId(videoId: string): Promise<string | null>
  /** liveChatMessages.list from `pageToken` (null: the first page, the recent history). */
  messages(liveChatId: string, pageToken: string | null): Promise<LiveChatPage>
}

export function createYouTubeApi(options: { apiUrl?: string; key: string; fetch?: typeof fetch }): YouTubeApi {
  const base = (options.apiUrl ?? DEFAULT_YOUTUBE_API_URL).replace(/\/+$/, '')
  const request = options.fetch ?? fetch

  async function get(path: string, params: Record<string, string | null>): Promise<Record<string, unknown>> {
    const query = new URLSearchParams()
    for (const [name, value] of Object.entries(params)) if (value !== null) query.set(name, value)
    query.set('key', options.key)
    const response = await request(`${base}${path}?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } })
    const body = await response.json().catch(() => null) as Record<string, unknown> | null
    if (!response.ok) {
      const error = (body?.error ?? {}) as { message?: unknown; errors?: { reason?: unknown }[] }
      const reason = typeof error.errors?.[0]?.reason === 'string' ? error.errors[0].reason : 'unknown'
      // Never the URL: it carries the key.
      throw new YouTubeError(response.status, reason, `YouTube answered ${response.status} ${reason}`)
    }
    if (!body || typeof body !== 'object') throw new YouTubeError(response.status, 'badResponse', 'YouTube answered something that is not JSON')
    return body
  }

  return {
    async activeLiveChatId(videoId) {
      const body = await get('/videos', { part: 'liveStreamingDetails', id: videoId })
      const items = Array.isArray(body.items) ? body.items as { liveStreamingDetails?: { activeLiveChatId?: unknown } }[] : []
      const id = items[0]?.liveStreamingDetails?.activeLiveChatId
      return typeof id === 'string' && id !== '' ? id : null
    },
    async messages(liveChatId, pageToken) {
      const body = await get('/liveChat/messages', {
        liveChatId, part: 'snippet,authorDetails', maxResults: String(MAX_RESULTS), pageToken,
      })
      const interval = Number(body.pollingIntervalMillis)
      return {
        items: Array.isArray(body.items) ? body.items as LiveChatItem[] : [],
        nextPageToken: typeof body.nextPageToken === 'string' ? body.nextPageToken : null,
        pollingIntervalMillis: Number.isFinite(interval) && interval > 0 ? interval : 0,
        offlineAt: typeof body.offlineAt === 'string' ? body.offlineAt : null,
      }
    },
  }
}
