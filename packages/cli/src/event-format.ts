// One readable line per live event, for `game-picker events` on a terminal.
import type { StreamEvent } from './event-follower.ts'

interface Data {
  session?: { id: number; games_played?: number; notes?: string | null }
  game?: { title: string; pack_name?: string; upvotes?: number; downvotes?: number }
  vote?: { username?: string; type: string }
  session_game?: {
    id: number; title: string; status: string; room_code: string | null
    player_count: number | null; player_count_check_status: string | null
  }
}

export function describeEvent(event: StreamEvent): string {
  if (event.event === 'reset') return 'Some events are too old to replay: reload what you show (the stream goes on).'
  const data = event.data as Data
  const time = event.timestamp?.slice(11, 19) ?? ''
  return `#${event.id} ${time} ${event.event}: ${summary(event.event, data)}`
}

function summary(type: StreamEvent['event'], { session, game, vote, session_game: row }: Data): string {
  switch (type) {
    case 'session.started':
      return `session #${session!.id} started${session!.notes ? ` (${session!.notes})` : ''}`
    case 'session.ended':
      return `session #${session!.id} ended after ${session!.games_played} game${session!.games_played === 1 ? "" : "s"}`
    case 'game.added':
      return `${game!.title} (${game!.pack_name}) added to session #${session!.id}`
    case 'vote.received':
      return `${vote!.type} vote${vote!.username ? ` by ${vote!.username}` : ''} for ${game!.title} (+${game!.upvotes} / -${game!.downvotes})`
    default: {
      const details = [row!.status, row!.room_code && `room ${row!.room_code}`,
        row!.player_count !== null && `${row!.player_count} players`,
        row!.player_count_check_status && `check ${row!.player_count_check_status}`]
      return `${row!.title} (session game ${row!.id}): ${details.filter(Boolean).join(', ')}`
    }
  }
}
