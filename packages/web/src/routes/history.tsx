// History: closed sessions, newest first, each with its date, notes and games in view. Sessions
// come 20 at a time (GET /api/sessions?limit&before), so years of streams never load at once.
import { useState } from 'preact/hooks'
import { listSessionGames, listSessionPage } from '../api.ts'
import { ErrorAlert } from '../components/error-alert.tsx'
import { formatDate, plural } from '../format.ts'
import { useRequest } from '../hooks.ts'
import type { Session, SessionGame } from '../types.ts'

export const HISTORY_PAGE = 20

interface PastSession {
  session: Session
  games: SessionGame[]
}

interface HistoryPage {
  past: PastSession[]
  /** The last session of the page, where the next one starts; null when this was the last. */
  next: number | null
}

/** One page of sessions, the active one left out (it is not history yet), with their games. */
async function loadPage(before?: number): Promise<HistoryPage> {
  const sessions = await listSessionPage(HISTORY_PAGE, before)
  const closed = sessions.filter((session) => session.is_active === 0)
  const past = await Promise.all(closed.map(async (session) => ({ session, games: await listSessionGames(session.id) })))
  return { past, next: sessions.length === HISTORY_PAGE ? sessions[sessions.length - 1].id : null }
}

export function HistoryPage() {
  const { data: first, error } = useRequest(() => loadPage())
  const [more, setMore] = useState<HistoryPage[]>([])
  const [moreError, setMoreError] = useState<unknown>(null)
  const [loading, setLoading] = useState(false)
  const pages = first ? [first, ...more] : []
  const next = pages.at(-1)?.next ?? null

  const loadMore = async () => {
    if (next === null) return
    setLoading(true)
    try {
      const page = await loadPage(next)
      setMore([...more, page])
      setMoreError(null)
    } catch (failure) {
      setMoreError(failure)
    } finally {
      setLoading(false)
    }
  }

  const past = pages.flatMap((page) => page.past)
  return (
    <>
      <h1>History</h1>
      <ErrorAlert error={error ?? moreError} />
      {first && past.length === 0 && next === null && <p>No closed sessions yet.</p>}
      {past.map(({ session, games }) => (
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
      {next !== null && <button type="button" disabled={loading} onClick={loadMore}>Load more</button>}
    </>
  )
}
