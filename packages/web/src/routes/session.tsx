// Session: the active session's games in play order with live votes and player counts; the
// admin starts and closes sessions and manages each game's status, room code and player check,
// and connects the server to a Twitch channel's chat.
import { useState } from 'preact/hooks'
import { useActiveSession } from '../active-session.ts'
import { closeSession, startSession } from '../api.ts'
import { useIsAdmin } from '../auth.ts'
import { ErrorAlert } from '../components/error-alert.tsx'
import { SessionGameItem } from '../components/session-game-item.tsx'
import { ChatPanels } from '../components/chat/chat-panels.tsx'
import { formatDate, plural } from '../format.ts'
import { useAction } from '../hooks.ts'

export function SessionPage() {
  const isAdmin = useIsAdmin()
  const { data, error, reload } = useActiveSession()
  const [actionError, setActionError] = useState<unknown>(null)
  const run = useAction(setActionError)
  const [notes, setNotes] = useState('')
  const session = data?.session ?? null

  const start = async (event: Event) => {
    event.preventDefault()
    if (await run(() => startSession(notes.trim()))) setNotes('')
    await reload()
  }
  const close = async () => {
    if (session) await run(() => closeSession(session.id))
    await reload()
  }

  return (
    <>
      <h1>{session ? `Session #${session.id}` : 'Session'}</h1>
      <ErrorAlert error={actionError ?? error} />
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
      {session && (data?.games.length ? (
        <ol class="session-games">
          {data.games.map((row) => (
            <SessionGameItem key={row.id} row={row} isAdmin={isAdmin} run={run} reload={reload} />
          ))}
        </ol>
      ) : <p>No games played yet.</p>)}
      {isAdmin && session && <button type="button" onClick={close}>Close session</button>}
      {isAdmin && <ChatPanels />}
    </>
  )
}
