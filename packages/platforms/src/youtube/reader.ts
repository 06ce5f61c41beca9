// Reading a YouTube live chat on the server that holds the lease: liveChatMessages.list again
// and again, following `nextPageToken`, waiting what YouTube asks (`pollingIntervalMillis`) and
// never less than the streamer's `interval_seconds` (each call costs 5 of the key's 10,000 daily
// units). The first page is the chat's recent history: it is skipped, so votes typed before
// Game Picker was connected do not count. Every text message goes to the shared chat rules by
// `youtube:CHANNEL_ID` (named in the viewer queue by `authorDetails.displayName`), once by its
// id. quotaExceeded: waits until midnight Pacific time, when the quota comes back;
// liveChatEnded, a chat gone, or `offlineAt`: the stream is over, reading stops for good. The page token and the quota are saved after every call.
import { createBackoff } from '../common/backoff.ts'
import type { Clock, ChatConnectorState, PlatformConnection, PlatformContext } from '@game-picker/core'
import { type LiveChatPage, QUOTA_COST, type YouTubeApi, YouTubeError } from './api.ts'
import { nextQuotaReset } from './pacific-day.ts'
import { readSettings, spendQuota } from './settings.ts'

export const KEY_REFUSED = 'YouTube refused the API key'
/** After YouTube or the network failed: the interval, doubling up to 5 minutes. */
const MAX_RETRY_MS = 5 * 60_000
/** Errors that mean the chat is over for good. */
const CHAT_OVER = new Set(['liveChatEnded', 'liveChatNotFound', 'liveChatDisabled'])

type ReaderContext = Pick<PlatformContext, 'settings' | 'receive' | 'update' | 'log'>

export function openYouTubeReader(context: ReaderContext, options: { api: YouTubeApi; clock: Clock }): PlatformConnection {
  const { api, clock } = options
  const settings = readSettings(context.settings)
  const intervalMs = settings.interval_seconds * 1000
  const backoff = createBackoff(MAX_RETRY_MS)
  let pageToken = settings.next_page_token
  let quota = { quota_day: settings.quota_day, quota_used: settings.quota_used }
  let state: ChatConnectorState | null = null
  let closed = false
  let timer: unknown

  /** Saves the quota and page (and the state, when it changed). */
  function save(next: ChatConnectorState, extra: Record<string, unknown> = {}): void {
    context.update({ ...(next !== state ? { state: next } : {}), settings: { ...quota, next_page_token: pageToken, ...extra } })
    state = next
  }

  function callAgainIn(ms: number): void {
    if (!closed) timer = clock.setTimeout(() => void poll(), ms)
  }

  async function poll(): Promise<void> {
    let page: LiveChatPage
    try {
      page = await api.messages(settings.live_chat_id, pageToken)
    } catch (error) {
      if (!closed) failed(error)
      return
    }
    if (closed) return
    quota = spendQuota(quota, QUOTA_COST.liveChatMessagesList, clock.now())
    backoff.reset()
    if (pageToken !== null) for (const item of page.items) receive(item)
    pageToken = page.nextPageToken ?? pageToken
    if (page.offlineAt) return stop('ended', `the stream went offline at ${page.offlineAt}`)
    save('connected')
    callAgainIn(Math.max(page.pollingIntervalMillis, intervalMs))
  }

  function receive(item: LiveChatPage['items'][number]): void {
    const { snippet, authorDetails } = item
    if (snippet?.type !== 'textMessageEvent' || !authorDetails?.channelId || typeof item.id !== 'string') return
    context.receive({
      id: item.id, username: `youtube:${authorDetails.channelId}`, name: authorDetails.displayName || undefined,
      text: snippet.displayMessage ?? '',
      sentAt: snippet.publishedAt ?? new Date(clock.now()).toISOString(),
    })
  }

  function failed(error: unknown): void {
    const now = clock.now()
    if (error instanceof YouTubeError) {
      if (error.quotaExceeded) {
        context.log('YouTube chat: the API key\'s quota for today is used up; waiting for midnight Pacific time')
        save('quota_exceeded')
        return callAgainIn(nextQuotaReset(now) - now)
      }
      quota = spendQuota(quota, QUOTA_COST.liveChatMessagesList, now) // YouTube charges answered calls, errors too
      if (CHAT_OVER.has(error.reason)) return stop('ended', `the live chat is over (${error.reason})`)
      if (error.keyRefused) return stop('failed', KEY_REFUSED, { error: KEY_REFUSED })
    }
    backoff.fail()
    const delay = backoff.delay(intervalMs)
    context.log(`YouTube chat: ${error instanceof Error ? error.message : String(error)}; trying again in ${Math.round(delay / 1000)} s`)
    save('reconnecting')
    callAgainIn(delay)
  }

  function stop(final: 'ended' | 'failed', reason: string, extra: Record<string, unknown> = {}): void {
    context.log(`YouTube chat: ${reason}; reading stopped`)
    save(final, extra)
    closed = true
  }

  void poll()
  return {
    close() {
      closed = true
      clock.clearTimeout(timer)
    },
  }
}
