// The Twitch chat panel: which channel the server reads and how that goes, or a field to start
// reading one.
import { useState } from 'preact/hooks'
import { connectChat, disconnectChat } from '../../api.ts'
import { useAction } from '../../hooks.ts'
import { ErrorAlert } from '../error-alert.tsx'
import type { ChatPanelProps } from './chat-panels.tsx'
import { ChatStatus } from './chat-status.tsx'

export function TwitchChat({ chat, reload }: ChatPanelProps) {
  const [actionError, setActionError] = useState<unknown>(null)
  const run = useAction(setActionError)
  const [channel, setChannel] = useState('')

  const connect = async (event: Event) => {
    event.preventDefault()
    if (await run(() => connectChat('twitch', { channel: channel.trim() }))) setChannel('')
    await reload()
  }
  const disconnect = async () => {
    await run(() => disconnectChat('twitch'))
    await reload()
  }

  return (
    <section class="chat-panel" aria-labelledby="twitch-chat-heading">
      <h2 id="twitch-chat-heading">Twitch chat</h2>
      <ErrorAlert error={actionError} />
      {chat === null && (
        <form class="inline-form" onSubmit={connect}>
          <label>Twitch channel <input type="text" value={channel} onInput={(event) => setChannel(event.currentTarget.value)} /></label>
          <button type="submit" class="primary">Connect</button>
        </form>
      )}
      {chat && (
        <>
          <ChatStatus chat={chat} label="Twitch chat status" channel={`#${chat.channel}`} />
          <button type="button" onClick={disconnect}>Disconnect</button>
        </>
      )}
    </section>
  )
}
