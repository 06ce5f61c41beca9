// The Discord panel: the channel the bot is in and how that goes, or the channel id and the bot
// token to connect it (the token is sent once and never shown again). What only Discord has (why
// it failed, whether messages are read) comes from its own status, asked when the chat changes.
import { useEffect, useState } from 'preact/hooks'
import { getDiscordStatus } from '../../api.ts'
import type { DiscordStatus } from '../../types.ts'
import { ErrorAlert } from '../error-alert.tsx'
import { useChatActions } from './chat-actions.ts'
import type { ChatPanelProps } from './chat-panel-props.ts'
import { ChatStatus } from './chat-status.tsx'

export function DiscordChat({ chat, reload }: ChatPanelProps) {
  const actions = useChatActions('discord', reload)
  const [channelId, setChannelId] = useState('')
  const [token, setToken] = useState('')
  const [details, setDetails] = useState<DiscordStatus | null>(null)
  useEffect(() => {
    if (!chat) return setDetails(null)
    void getDiscordStatus().then(setDetails, () => setDetails(null))
  }, [chat?.state, chat?.channel])

  const connect = async (event: Event) => {
    event.preventDefault()
    // An empty token leaves it to the server's DISCORD_BOT_TOKEN.
    const body = { channel_id: channelId.trim(), ...(token.trim() ? { bot_token: token.trim() } : {}) }
    if (await actions.connect(body)) {
      setChannelId('')
      setToken('')
    }
  }

  return (
    <section class="chat-panel" aria-labelledby="discord-chat-heading">
      <h2 id="discord-chat-heading">Discord</h2>
      <ErrorAlert error={actions.error} />
      {chat === null && (
        <form class="inline-form" onSubmit={connect}>
          <label>Discord channel id <input type="text" inputMode="numeric" value={channelId} onInput={(event) => setChannelId(event.currentTarget.value)} /></label>
          <label>Bot token <input type="password" autoComplete="off" value={token} onInput={(event) => setToken(event.currentTarget.value)} /></label>
          <button type="submit" class="primary">Connect</button>
        </form>
      )}
      {chat && (
        <>
          <ChatStatus chat={chat} label="Discord status" channel={`channel ${chat.channel}`} />
          {details?.error && <p class="hint">{details.error}</p>}
          {details?.message_content === false && <p class="hint">Messages are not read: the bot has no Message Content intent (commands and buttons work).</p>}
          <button type="button" onClick={() => void actions.disconnect()}>Disconnect</button>
        </>
      )}
    </section>
  )
}
