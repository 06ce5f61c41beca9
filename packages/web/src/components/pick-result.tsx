// The picked game, re-roll, its odds and, for the admin with a session running, "Add to session".
import { useEffect, useState } from 'preact/hooks'
import { addToSession } from '../api.ts'
import { useIsAdmin } from '../auth.ts'
import { formatLength, formatPercent, formatPlayers } from '../format.ts'
import type { PickResult, Session } from '../types.ts'
import { ErrorAlert } from './error-alert.tsx'

interface Props {
  result: PickResult
  session: Session | null
  onReroll: () => void
}

export function PickResultView({ result, session, onReroll }: Props) {
  const { game, odds } = result
  const isAdmin = useIsAdmin()
  const [showOdds, setShowOdds] = useState(false)
  const [added, setAdded] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => setAdded(null), [result])

  const add = async () => {
    if (!session) return
    try {
      await addToSession(session.id, game.id)
      setAdded(`${game.title} was added to session #${session.id}.`)
      setError(null)
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <section class="result" aria-labelledby="picked-title">
      <h2 id="picked-title">{game.title}</h2>
      <p class="meta">
        <span>{game.pack_name}</span>
        <span>{formatPlayers(game)}</span>
        <span>{formatLength(game.length_minutes)}</span>
      </p>
      <p class="hint">Drawn from {result.poolSize} of {result.totalEnabled} enabled games.</p>
      <div class="actions">
        <button type="button" onClick={onReroll}>Re-roll</button>
        <button type="button" aria-expanded={showOdds} aria-controls="odds" onClick={() => setShowOdds(!showOdds)}>
          Show odds
        </button>
        {isAdmin && session && <button type="button" class="primary" onClick={add}>Add to session</button>}
      </div>
      <p aria-live="polite" class="hint">{added}</p>
      <ErrorAlert error={error} />
      {showOdds && (
        <ol id="odds" class="odds" aria-label="Odds">
          {(odds ?? []).map((entry) => (
            <li key={entry.id}>
              <span>{entry.title} <span class="hint">({entry.pack_name})</span></span>
              <span class="number">{formatPercent(entry.probability)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
