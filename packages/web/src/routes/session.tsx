// Session: the active session's games in play order with live votes, player counts and their
// followed Jackbox rooms (state and players, live); the admin starts and closes sessions, follows
// a room by its code (the game it runs joins the session), manages each game's status, room code
// and player check, runs the viewer queue, and connects the server to the chats.
import { useState } from 'preact/hooks'
import { useActiveSession } from '../active-session.ts'
import { closeSession, followRoom, startSession } from '../api.ts'
import { useIsAdmin } from '../auth.ts'
import { ErrorAlert } from '../components/error-alert.tsx'
import { SessionGameItem } from '../components/session-game-item.tsx'
import { ChatPanels } from '../components/chat/chat-panels.tsx'
import { QueuePanel } from '../components/queue/queue-panel.tsx'
import { formatDate, plural } from '../format.ts'
import { useAction } from '../hooks.ts'
import { useRooms } from '../rooms.ts'

export function SessionPage() {
  const isAdmin = useIsAdmin()
  const { data, error, reload } = useActiveSession()
  const [actionError, setActionError] = useState<unknown>(null)
  const run = useAction(setActionError)
  const [notes, setNotes] = useState('')
  const [roomCode, setRoomCode] = useState('')
  const session = data?.session ?? null
  const { rooms, error: roomsError } = useRooms(data?.games ?? [])

  const start = async (event: Event) => {
    event.preventDefault()
    if (await run(() => startSession(notes.trim()))) setNotes('')
    await reload()
  }
  const follow = async (event: Event) => {
    event.preventDefault()
    if (session && await run(() => followRoom(session.id, roomCode.trim()))) setRoomCode('')
    await reload()
  }
  const close = async () => {
    if (session) await run(() => closeSession(session.id))
    await reload()
  }

  return (
    <>
      <h1>{session ? `Session #${session.id}` : 'Session'}</h1>
      <ErrorAlert error={actionError ?? error ?? roomsError} />
      {data && !session && <p>No active session</p>}
      {session && (
        <p class="hint">
          Started {formatDate(session.created_at)}{session.notes ? ` · ${session.notes}` : ''} · {plural(session.games_played, 'game')}
        </p>
      )}
      {isAdmin && !session && data && (
        <form class="inline-form" onSubmit={start}>
          <label>Notes <input type="text" value={notes} onInput={(event) => setNotes(event.currentTarget.value)} /></label>
          <button type="submit" class="primary">Start session</button>
        </form>
      )}
      {isAdmin && session && (
        <form class="inline-form" onSubmit={follow}>
          <label>
            Room code <input type="text" value={roomCode} maxLength={4} size={6} autocapitalize="characters" spellcheck={false}
              onInput={(event) => setRoomCode(event.currentTarget.value.toUpperCase())} />
          </label>
          <button type="submit" class="primary">Follow room</button>
          <span class="hint">The game the room runs joins the session; its players and its end follow.</span>
        </form>
      )}
      {session && (data?.games.length ? (
        <ol class="session-games">
          {data.games.map((row) => (
            <SessionGameItem key={row.id} row={row} room={rooms.get(row.id)} isAdmin={isAdmin} run={run} reload={reload} />
          ))}
        </ol>
      ) : <p>No games played yet.</p>)}
      {isAdmin && session && <button type="button" onClick={close}>Close session</button>}
      {isAdmin && session && <QueuePanel key={session.id} />}
      {isAdmin && <ChatPanels />}
    </>
  )
}
