// The YouTube chat panel: the live stream whose chat the server reads, how that goes and how much
// of the API key's daily quota it used, or a form to start reading one (the video's link or id,
// the streamer's API key unless the server has one, and how often to look).
import { useEffect, useState } from 'preact/hooks'
import { connectChat, disconnectChat, getYouTubeStatus } from '../../api.ts'
import { formatDate } from '../../format.ts'
import { useAction, useRequest } from '../../hooks.ts'
import { ErrorAlert } from '../error-alert.tsx'
import type { ChatPanelProps } from './chat-panel-props.ts'
import { ChatStatus } from './chat-status.tsx'

const DAILY_QUOTA = 10_000
const INTERVALS = [5, 10, 15, 20, 30, 60]

export function YouTubeChat({ chat, reload }: ChatPanelProps) {
  const [actionError, setActionError] = useState<unknown>(null)
  const run = useAction(setActionError)
  const [video, setVideo] = useState('')
  const [apiKey, setApiKey] = useState('')
  const [interval, setIntervalSeconds] = useState(5)
  // The list entry has no quota: the platform's own status has, asked again whenever the list changes.
  const { data: status, reload: reloadStatus } = useRequest(async () => (chat ? getYouTubeStatus() : null), [chat?.since])
  useEffect(() => void reloadStatus(), [chat?.counts, chat?.state])

  const connect = async (event: Event) => {
    event.preventDefault()
    const body = { video: video.trim(), interval_seconds: interval, ...(apiKey.trim() ? { api_key: apiKey.trim() } : {}) }
    if (await run(() => connectChat('youtube', body))) {
      setVideo('')
      setApiKey('')
    }
    await reload()
  }
  const disconnect = async () => {
    await run(() => disconnectChat('youtube'))
    await reload()
  }

  return (
    <section class="chat-panel" aria-labelledby="youtube-chat-heading">
      <h2 id="youtube-chat-heading">YouTube chat</h2>
      <ErrorAlert error={actionError} />
      {chat === null && (
        <form class="inline-form" onSubmit={connect}>
          <label>YouTube video <input type="text" placeholder="https://youtu.be/…" value={video} onInput={(event) => setVideo(event.currentTarget.value)} /></label>
          <label>API key <input type="password" autoComplete="off" placeholder="the server's, if empty" value={apiKey} onInput={(event) => setApiKey(event.currentTarget.value)} /></label>
          <label>Check every <select value={interval} onChange={(event) => setIntervalSeconds(Number(event.currentTarget.value))}>
            {INTERVALS.map((seconds) => <option key={seconds} value={seconds}>{seconds} s</option>)}
          </select></label>
          <button type="submit" class="primary">Connect</button>
        </form>
      )}
      {chat && (
        <>
          <ChatStatus chat={chat} label="YouTube chat status" channel={`video ${chat.channel}`} />
          {status && (
            <p class="hint" aria-label="YouTube quota">
              Quota used today: {status.quota_used.toLocaleString('en-US')} of {DAILY_QUOTA.toLocaleString('en-US')} units
              {' '}(checks every {status.interval_seconds} s; resets {formatDate(status.quota_resets_at)})
              {status.error && <> · {status.error}</>}
            </p>
          )}
          <button type="button" onClick={disconnect}>Disconnect</button>
        </>
      )}
    </section>
  )
}
