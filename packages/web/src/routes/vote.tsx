// /vote, for a phone: one big button per candidate; the vote can be changed until the poll
// closes. The phone's voter id is made up here and kept on the device, so a vote moves rather
// than counts twice.
import { useEffect, useState } from 'preact/hooks'
import { votePoll } from '../api.ts'
import { ErrorAlert } from '../components/error-alert.tsx'
import { useAction } from '../hooks.ts'
import { usePoll } from '../poll-state.ts'

const VOTER_KEY = 'game-picker-voter'
const CHOICE_KEY = 'game-picker-poll-choice'

function voterId(): string {
  let id = localStorage.getItem(VOTER_KEY)
  // getRandomValues, not randomUUID: a phone on the room's network reaches the server over plain
  // http, where browsers offer only the former.
  if (!id) localStorage.setItem(VOTER_KEY, id = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join(''))
  return id
}

/** The choice this phone made in that poll, remembered across reloads. */
function rememberedChoice(pollId: number): number | null {
  const saved = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? 'null') as { poll: number; choice: number } | null
  return saved?.poll === pollId ? saved.choice : null
}

export function VotePage() {
  const { data: poll, setData, error, setError } = usePoll()
  const act = useAction(setError)
  const [choice, setChoice] = useState<number | null>(null)
  useEffect(() => setChoice(poll ? rememberedChoice(poll.id) : null), [poll?.id])

  const vote = (number: number) => act(async () => {
    if (!poll) return
    setData(await votePoll(poll.id, number, voterId()))
    localStorage.setItem(CHOICE_KEY, JSON.stringify({ poll: poll.id, choice: number }))
    setChoice(number)
  })

  const open = poll?.status === 'open' ? poll : null
  const chosen = open?.candidates.find((candidate) => candidate.number === choice)
  return (
    <>
      <h1>Vote</h1>
      <ErrorAlert error={error} />
      {poll !== undefined && !open && (
        <>
          <p class="vote-status">No poll is open</p>
          {poll?.winner && <p>Last winner: <strong>{poll.winner.game.title}</strong></p>}
        </>
      )}
      {open && (
        <>
          <p class="vote-status" aria-live="polite">{chosen ? `Your vote: ${chosen.game.title}` : 'Tap your choice'}</p>
          <ul class="vote-buttons">
            {open.candidates.map(({ number, game }) => (
              <li key={number}>
                <button type="button" class={number === choice ? 'primary' : undefined} aria-pressed={number === choice}
                  aria-label={`Vote for ${game.title}`} onClick={() => void vote(number)}>
                  <span class="poll-number" aria-hidden="true">{number}</span> {game.title}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  )
}
