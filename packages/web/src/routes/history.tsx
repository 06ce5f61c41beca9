// History: closed sessions, newest first, each with its date, notes and games in view.
import { useState } from 'preact/hooks'
import { listSessions, listSessionGames } from '../api.ts'
import { ErrorAlert } from '../components/error-alert.tsx'
import { formatDate, plural } from '../format.ts'
import { useRequest } from '../hooks.ts'
import type { Session, SessionGame } from '../types.ts'

const PAGE = 10

interface PastSession {
  session: Session
  games: SessionGame[]
}

async function loadHistory(count: number): Promise<{ past: PastSession[]; total: number }> {
  const closed = (await listSessions()).filter((session) => session.is_active === 0)
  const shown = closed.slice(0, count)
  const past = await Promise.all(shown.map(async (session) => ({ session, games: await listSessionGames(session.id) })))
  return { past, total: closed.length }
}

export function HistoryPage() {
  const [count, setCount] = useState(PAGE)
  const { data, error } = useRequest(() => loadHistory(count), [count])

  return (
    <>
      <h1>History</h1>
      <ErrorAlert error={error} />
      {data && data.total === 0 && <p>No closed sessions yet.</p>}
      {data?.past.map(({ session, games }) => (
        <article class="past-session" key={session.id}>
          <h2>{formatDate(session.created_at)}</h2>
          <p class="hint">
            Session #{session.id} · {plural(session.games_played, 'game')}{session.closed_at ? ` · closed ${formatDate(session.closed_at)}` : ''}
          </p>
          <p>{session.notes || 'No notes.'}</p>
          {games.length > 0 && (
            <ol class="games">
              {games.map((row) => (
                <li key={row.id}>
                  <span class="title">{row.title}</span>
                  <span class="meta">
                    <span>{row.pack_name}</span>
                    <span>{row.status}</span>
                    {row.player_count !== null && <span>{row.player_count} players</span>}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </article>
      ))}
      {data && data.past.length < data.total && <button type="button" onClick={() => setCount(count + PAGE)}>Show more sessions</button>}
    </>
  )
}
