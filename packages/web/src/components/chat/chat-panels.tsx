// The chats the server reads, on the Session page for the admin: one panel per platform, all
// from GET /api/chat (an empty list when none is read, so a page with no chat asks nothing
// that answers 404). It follows the live stream: a connection's changes and each vote bring the
// list again; while a chat is read, the counts are also refreshed every few seconds (ignored
// messages send no event).
import { useEffect } from 'preact/hooks'
import { listChats } from '../../api.ts'
import { useLiveEvents } from '../../events.ts'
import { useRequest } from '../../hooks.ts'
import type { ChatEntry, ChatPlatform } from '../../types.ts'
import { ErrorAlert } from '../error-alert.tsx'
import { DiscordChat } from './discord-chat.tsx'
import { TwitchChat } from './twitch-chat.tsx'
import { YouTubeChat } from './youtube-chat.tsx'

const REFRESH_MS = 5000

export function ChatPanels() {
  const { data: chats, error, reload } = useRequest(listChats)
  const reading = (chats?.length ?? 0) > 0
  useEffect(() => {
    if (!reading) return undefined
    const timer = setInterval(() => void reload(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [reading])
  useLiveEvents((type) => {
    if (type === 'open' || type === 'chat.connected' || type === 'chat.disconnected' || type === 'vote.received' || type === 'poll.voted') void reload()
  })
  if (!chats) return <ErrorAlert error={error} />
  const chatOf = (platform: ChatPlatform) => chats.find((chat) => chat.platform === platform) ?? null
  return (
    <>
      <ErrorAlert error={error} />
      <TwitchChat chat={chatOf('twitch')} reload={reload} />
      <DiscordChat chat={chatOf('discord')} reload={reload} />
      <YouTubeChat chat={chatOf('youtube')} reload={reload} />
    </>
  )
}
