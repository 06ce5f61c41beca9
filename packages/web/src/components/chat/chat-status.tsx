// A chat's state and counts, the same for every platform's panel.
import { formatDate } from '../../format.ts'
import type { ChatEntry } from '../../types.ts'

const STATE_TEXT: Record<ChatEntry['state'], string> = {
  connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Connection lost, reconnecting…',
  failed: 'Failed', ended: 'The stream\'s chat has ended', quota_exceeded: 'Out of quota until midnight Pacific time',
}

export function ChatStatus({ chat, label, channel }: { chat: ChatEntry; label: string; channel: string }) {
  const { up, down, poll, queue, ignored } = chat.counts
  return (
    <>
      <p role="status" aria-label={label}>
        <strong>{STATE_TEXT[chat.state]}</strong> · {channel} · reading since {formatDate(chat.since)}
      </p>
      <p class="hint">{up} up · {down} down · {poll} poll votes · {queue} queue joins and leaves · {ignored} ignored</p>
    </>
  )
}
