// What each platform's panel on the Session page gets from the list of chats.
import type { ChatEntry } from '../../types.ts'

/** Its chat (null when not read) and a way to ask again. */
export interface ChatPanelProps {
  chat: ChatEntry | null
  reload: () => Promise<void>
}
