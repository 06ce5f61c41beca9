// YouTube Live chat as a chat platform: `POST /api/chat/youtube { video, api_key?,
// interval_seconds? }` finds the video's live chat with videos.list, and the lease holder reads
// it with liveChatMessages.list (./reader.ts). The streamer's own API key pays for it: it is
// stored as the connector's secret and never shown.
import { chatCountsOf, systemClock, type Clock, DomainError, invalidInput, notFound, type ChatConnectorRecord, asFields, isMissing, type ChatPlatform, type PreparedConnector } from '@game-picker/core'
import { createYouTubeApi, QUOTA_COST, type YouTubeApi, YouTubeError } from './api.ts'
import { nextQuotaReset, pacificDay } from './pacific-day.ts'
import { KEY_REFUSED, openYouTubeReader } from './reader.ts'
import { DEFAULT_INTERVAL_SECONDS, quotaUsedOn, readSettings } from './settings.ts'
import { parseVideoId } from './video-id.ts'

export { DEFAULT_YOUTUBE_API_URL } from './api.ts'
export { nextQuotaReset, pacificDay } from './pacific-day.ts'
export { parseVideoId } from './video-id.ts'

export interface YouTubeConfig {
  /** `YOUTUBE_API_URL`: default https://www.googleapis.com/youtube/v3; a local fake in tests. */
  apiUrl?: string
  /** `YOUTUBE_API_KEY`: used when a POST names no `api_key`. */
  apiKey?: string
  /** Time for the waits between calls and the quota day (tests drive it). */
  clock?: Clock
}

export const YOUTUBE_ERRORS = {
  video: 'video must be a YouTube video id or URL',
  keyRequired: 'A YouTube API key is required',
  interval: 'interval_seconds must be a whole number from 5 to 60',
  noLiveChat: 'No live chat on this video',
  keyRefused: KEY_REFUSED,
  quotaUsedUp: 'The YouTube API key has used up its quota for today',
  unreachable: 'YouTube could not be reached',
  alreadyConnected: 'Already reading a YouTube chat',
  notConnected: 'Not reading a YouTube chat',
} as const

export function createYouTubePlatform(config: YouTubeConfig = {}): ChatPlatform {
  const clock = config.clock ?? systemClock
  const apiFor = (key: string): YouTubeApi => createYouTubeApi({ apiUrl: config.apiUrl, key })

  return {
    name: 'youtube',
    errors: { alreadyConnected: YOUTUBE_ERRORS.alreadyConnected, notConnected: YOUTUBE_ERRORS.notConnected },

    async prepare(input): Promise<PreparedConnector> {
      const fields = asFields(input)
      const video = parseVideoId(fields.video)
      if (!video) throw invalidInput(YOUTUBE_ERRORS.video)
      const key = typeof fields.api_key === 'string' && fields.api_key.trim() !== '' ? fields.api_key.trim() : config.apiKey
      if (!key) throw invalidInput(YOUTUBE_ERRORS.keyRequired)
      const interval = isMissing(fields.interval_seconds) ? DEFAULT_INTERVAL_SECONDS : fields.interval_seconds
      if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < 5 || interval > 60) throw invalidInput(YOUTUBE_ERRORS.interval)
      const liveChatId = await findLiveChat(apiFor(key), video)
      return {
        channel: video,
        secret: key,
        settings: {
          live_chat_id: liveChatId, interval_seconds: interval, next_page_token: null,
          quota_day: pacificDay(clock.now()), quota_used: QUOTA_COST.videosList, error: null,
        },
      }
    },

    toStatus(row: ChatConnectorRecord) {
      const settings = readSettings(row.settings)
      const now = clock.now()
      return {
        video: row.channel, state: row.state, since: row.since, interval_seconds: settings.interval_seconds,
        quota_used: quotaUsedOn(settings, now), quota_resets_at: new Date(nextQuotaReset(now)).toISOString(),
        error: settings.error,
        counts: chatCountsOf(row),
      }
    },

    open(context) {
      return openYouTubeReader(context, { api: apiFor(context.secret ?? config.apiKey ?? ''), clock })
    },
  }
}

/** videos.list: the video's active live chat, with YouTube's refusals as the API's errors. */
async function findLiveChat(api: YouTubeApi, video: string): Promise<string> {
  let liveChatId: string | null
  try {
    liveChatId = await api.activeLiveChatId(video)
  } catch (error) {
    if (error instanceof YouTubeError && error.quotaExceeded) throw invalidInput(YOUTUBE_ERRORS.quotaUsedUp)
    if (error instanceof YouTubeError && error.keyRefused) throw invalidInput(YOUTUBE_ERRORS.keyRefused)
    throw new DomainError('UNAVAILABLE', YOUTUBE_ERRORS.unreachable)
  }
  if (!liveChatId) throw notFound(YOUTUBE_ERRORS.noLiveChat)
  return liveChatId
}
