// The stream overlay (an OBS browser source): the current game and its live votes on a
// transparent page.
import { useEffect } from 'preact/hooks'
import { useActiveSession } from '../active-session.ts'
import { ErrorAlert } from '../components/error-alert.tsx'
import { formatVotes } from '../format.ts'

export function OverlayPage() {
  const { data, error } = useActiveSession()
  useEffect(() => {
    document.documentElement.classList.add('overlay')
    return () => document.documentElement.classList.remove('overlay')
  }, [])
  const current = data?.games.find((row) => row.status === 'playing')

  return (
    <main class="overlay-card" hidden={!current && !error}>
      <ErrorAlert error={error} />
      {current && (
        <>
          <h1 class="overlay-title">{current.title}</h1>
          <p class="overlay-votes">{formatVotes(current.upvotes, current.downvotes)}</p>
        </>
      )}
    </main>
  )
}
