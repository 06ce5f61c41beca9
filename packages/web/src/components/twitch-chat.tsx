// The Twitch chat connector on the Session page, for the admin: which channel the server reads
// and how that goes, or a field to start reading one. It follows the live stream: the
// connection's changes and each vote bring the status again; while a channel is read, the
// counts are also refreshed every few seconds (ignored messages send no event).
import { useEffect, useState } from 'preact/hooks'
import { connectChat, disconnectChat, getChatStatus } from '../api.ts'
import { useLiveEvents } from '../events.ts'
import { formatDate } from '../format.ts'
import { useAction, useRequest } from '../hooks.ts'
import type { ChatStatus } from '../types.ts'
import { ErrorAlert } from './error-alert.tsx'

const REFRESH_MS = 5000

const STATE_TEXT: Record<ChatStatus['state'], string> = {
  connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Connection lost, reconnecting…',
}

export function TwitchChat() {
  const { data: status, error, reload } = useRequest(getChatStatus)
  const [actionError, setActionError] = useState<unknown>(null)
  const run = useAction(setActionError)
  const [channel, setChannel] = useState('')
  const reading = Boolean(status)
  useEffect(() => {
    if (!reading) return undefined
    const timer = setInterval(() => void reload(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [reading])
  useLiveEvents((type) => {
    if (type === 'open' || type === 'chat.connected' || type === 'chat.disconnected' || type === 'vote.received') void reload()
  })

  const connect = async (event: Event) => {
    event.preventDefault()
    if (await run(() => connectChat(channel.trim()))) setChannel('')
    await reload()
  }
  const disconnect = async () => {
    await run(disconnectChat)
    await reload()
  }

  return (
    <section class="twitch-chat" aria-labelledby="twitch-chat-heading">
      <h2 id="twitch-chat-heading">Twitch chat</h2>
      <ErrorAlert error={actionError ?? error} />
      {status === null && (
        <form class="inline-form" onSubmit={connect}>
          <label>Twitch channel <input type="text" value={channel} onInput={(event) => setChannel(event.currentTarget.value)} /></label>
          <button type="submit" class="primary">Connect</button>
        </form>
      )}
      {status && (
        <>
          <p role="status" aria-label="Twitch chat status">
            <strong>{STATE_TEXT[status.state]}</strong> · #{status.channel} · reading since {formatDate(status.since)}
          </p>
          <p class="hint">
            {status.counts.up} up · {status.counts.down} down · {status.counts.poll} poll votes · {status.counts.ignored} ignored
          </p>
          <button type="button" onClick={disconnect}>Disconnect</button>
        </>
      )}
    </section>
  )
}
