// What a YouTube connector keeps in its row's settings (never the key: that is the row's secret),
// so that whichever server reads the chat next (after a restart, or taking over a dead one's
// lease) goes on from the same page and with the same quota count.
import { pacificDay } from './pacific-day.ts'

export interface YouTubeSettings {
  /** The video's live chat, found with videos.list when reading was started. */
  live_chat_id: string
  /** The least time between two liveChatMessages.list calls (5 to 60). */
  interval_seconds: number
  /** Where the next call goes on from; null until the first page (the backlog, skipped) was read. */
  next_page_token: string | null
  /** Quota units used on `quota_day` (a Pacific date) by this reading. */
  quota_used: number
  quota_day: string
  /** Why reading failed for good, when it did. */
  error: string | null
}

export const DEFAULT_INTERVAL_SECONDS = 5

export function readSettings(raw: Readonly<Record<string, unknown>>): YouTubeSettings {
  const interval = Number(raw.interval_seconds)
  return {
    live_chat_id: String(raw.live_chat_id ?? ''),
    interval_seconds: Number.isInteger(interval) ? interval : DEFAULT_INTERVAL_SECONDS,
    next_page_token: typeof raw.next_page_token === 'string' ? raw.next_page_token : null,
    quota_used: Number(raw.quota_used) || 0,
    quota_day: typeof raw.quota_day === 'string' ? raw.quota_day : '',
    error: typeof raw.error === 'string' ? raw.error : null,
  }
}

/** The units used today, as of `now`: zero once the Pacific day has changed since the last call. */
export function quotaUsedOn(settings: Pick<YouTubeSettings, 'quota_used' | 'quota_day'>, now: number): number {
  return settings.quota_day === pacificDay(now) ? settings.quota_used : 0
}

/** `settings`' quota after spending `units` at `now` (a new Pacific day starts from zero). */
export function spendQuota(settings: Pick<YouTubeSettings, 'quota_used' | 'quota_day'>, units: number, now: number) {
  return { quota_day: pacificDay(now), quota_used: quotaUsedOn(settings, now) + units }
}
