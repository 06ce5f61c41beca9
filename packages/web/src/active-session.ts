// The active session and its games, kept current from the live event stream: votes are applied
// from the event itself, every other change reloads both (a room's own events change no row:
// the rows a room changes come with their own session_game.updated; see rooms.ts; nor does the
// viewer queue: see queue-state.ts).
import { findActiveSession, listSessionGames } from './api.ts'
import { useLiveEvents } from './events.ts'
import { useRequest } from './hooks.ts'
import type { Session, SessionGame } from './types.ts'

export interface ActiveSession {
  session: Session | null
  games: SessionGame[]
}

async function loadActiveSession(): Promise<ActiveSession> {
  const session = await findActiveSession()
  return { session, games: session ? await listSessionGames(session.id) : [] }
}

export function useActiveSession() {
  const request = useRequest(loadActiveSession)
  const { setData, reload } = request
  useLiveEvents((type, event) => {
    if (type === 'room.updated' || type === 'room.ended' || type === 'queue.updated') return
    if (type !== 'vote.received') {
      void reload()
      return
    }
    const { id, upvotes, downvotes, popularity_score } = event.game
    const patch = (row: SessionGame) => (row.game_id === id ? { ...row, upvotes, downvotes, popularity_score } : row)
    setData((current) => current && { ...current, games: current.games.map(patch) })
  })
  return request
}
