// "Let the room choose" (the admin, on the Pick page): a poll on a few candidates drawn with the
// current filters, then the TV view /poll.
import { useState } from 'preact/hooks'
import { openPoll } from '../api.ts'
import { useIsAdmin } from '../auth.ts'
import { navigate } from '../router.ts'
import type { PickRequest, Session } from '../types.ts'
import { ErrorAlert } from './error-alert.tsx'

const DURATIONS = [['', 'Until closed'], ['30', '30 seconds'], ['60', '1 minute'], ['120', '2 minutes'], ['300', '5 minutes']]

export function RoomChoice({ pick, session }: { pick: () => PickRequest; session: Session | null }) {
  const isAdmin = useIsAdmin()
  const [count, setCount] = useState('3')
  const [duration, setDuration] = useState('')
  const [addWinner, setAddWinner] = useState(true)
  const [error, setError] = useState<unknown>(null)
  if (!isAdmin) return null

  const start = async (event: Event) => {
    event.preventDefault()
    try {
      const { explain: _explain, ...filters } = pick()
      await openPoll({
        pick: { ...filters, count: Number(count) },
        ...(duration ? { durationSeconds: Number(duration) } : {}),
        addWinner: addWinner && session !== null,
      })
      setError(null)
      navigate('/poll')
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <form class="room-choice" onSubmit={start} aria-label="Poll">
      <label>
        Candidates
        <input type="number" min={2} max={10} inputMode="numeric" value={count} onInput={(event) => setCount(event.currentTarget.value)} />
      </label>
      <label>
        Time limit
        <select value={duration} onChange={(event) => setDuration(event.currentTarget.value)}>
          {DURATIONS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </label>
      {session && (
        <label class="check">
          <input type="checkbox" checked={addWinner} onChange={(event) => setAddWinner(event.currentTarget.checked)} />
          Add the winner to session #{session.id}
        </label>
      )}
      <button type="submit">Let the room choose</button>
      <ErrorAlert error={error} />
    </form>
  )
}
