// The Discord bot on the Session page, for the admin, beside Twitch chat: which channel it is in
// and how that goes, or the channel id and bot token to connect it. It follows the live stream
// (the connection's changes and each vote bring the status again) and, while connected, also
// refreshes every few seconds (button presses and ignored messages send no event of their own).
import { useEffect, useState } from 'preact/hooks'
import { connectDiscord, disconnectDiscord, getDiscordStatus } from '../../api.ts'
import { useLiveEvents } from '../../events.ts'
import { formatDate } from '../../format.ts'
import { useAction, useRequest } from '../../hooks.ts'
import type { DiscordStatus } from '../../types.ts'
import { ErrorAlert } from '../error-alert.tsx'

const REFRESH_MS = 5000

const STATE_TEXT: Record<DiscordStatus['state'], string> = {
  connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Connection lost, reconnecting…', failed: 'Failed',
}

const REFRESH_ON = new Set(['open', 'chat.connected', 'chat.disconnected', 'vote.received', 'poll.voted'])

export function DiscordChat() {
  const { data: status, error, reload } = useRequest(getDiscordStatus)
  const [actionError, setActionError] = useState<unknown>(null)
  const run = useAction(setActionError)
  const [channelId, setChannelId] = useState('')
  const [token, setToken] = useState('')
  const connected = Boolean(status)
  useEffect(() => {
    if (!connected) return undefined
    const timer = setInterval(() => void reload(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [connected])
  useLiveEvents((type) => {
    if (REFRESH_ON.has(type)) void reload()
  })

  const connect = async (event: Event) => {
    event.preventDefault()
    if (await run(() => connectDiscord(channelId.trim(), token.trim()))) {
      setChannelId('')
      setToken('')
    }
    await reload()
  }
  const disconnect = async () => {
    await run(disconnectDiscord)
    await reload()
  }

  return (
    <section class="chat-panel" aria-labelledby="discord-chat-heading">
      <h2 id="discord-chat-heading">Discord</h2>
      <ErrorAlert error={actionError ?? error} />
      {status === null && (
        <form class="inline-form" onSubmit={connect}>
          <label>Discord channel id <input type="text" inputMode="numeric" value={channelId} onInput={(event) => setChannelId(event.currentTarget.value)} /></label>
          <label>Bot token <input type="password" autoComplete="off" value={token} onInput={(event) => setToken(event.currentTarget.value)} /></label>
          <button type="submit" class="primary">Connect</button>
        </form>
      )}
      {status && (
        <>
          <p role="status" aria-label="Discord status">
            <strong>{STATE_TEXT[status.state]}</strong> · channel {status.channel_id} · since {formatDate(status.since)}
            {status.error && <> · {status.error}</>}
          </p>
          <p class="hint">
            {status.counts.up} up · {status.counts.down} down · {status.counts.poll} poll votes · {status.counts.ignored} ignored
            {status.message_content === false && <> · messages not read (Message Content intent off)</>}
          </p>
          <button type="button" onClick={disconnect}>Disconnect</button>
        </>
      )}
    </section>
  )
}
