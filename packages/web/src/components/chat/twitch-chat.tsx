// The Twitch chat panel: which channel the server reads and how that goes, or a field to start
// reading one.
import { useState } from 'preact/hooks'
import { ErrorAlert } from '../error-alert.tsx'
import { useChatActions } from './chat-actions.ts'
import type { ChatPanelProps } from './chat-panel-props.ts'
import { ChatStatus } from './chat-status.tsx'

export function TwitchChat({ chat, reload }: ChatPanelProps) {
  const actions = useChatActions('twitch', reload)
  const [channel, setChannel] = useState('')

  const connect = async (event: Event) => {
    event.preventDefault()
    if (await actions.connect({ channel: channel.trim() })) setChannel('')
  }

  return (
    <section class="chat-panel" aria-labelledby="twitch-chat-heading">
      <h2 id="twitch-chat-heading">Twitch chat</h2>
      <ErrorAlert error={actions.error} />
      {chat === null && (
        <form class="inline-form" onSubmit={connect}>
          <label>Twitch channel <input type="text" value={channel} onInput={(event) => setChannel(event.currentTarget.value)} /></label>
          <button type="submit" class="primary">Connect</button>
        </form>
      )}
      {chat && (
        <>
          <ChatStatus chat={chat} label="Twitch chat status" channel={`#${chat.channel}`} />
          <button type="button" onClick={() => void actions.disconnect()}>Disconnect</button>
        </>
      )}
    </section>
  )
}
