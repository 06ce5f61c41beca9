// The overlay's queue card (`/overlay?queue=show`): "Next up" with the first five of the waiting
// line, and while the playing game's room is in its lobby, "Seated" with the name each seated
// viewer types into Jackbox and a check mark once they are in the room. No card while the queue
// is closed and has nothing to show.
import { seatedEntries, useQueue, waitingEntries } from '../queue-state.ts'
import type { QueueEntry, Room, SessionGame } from '../types.ts'

const NEXT_UP_SHOWN = 5

/** True when the overlay's URL asks for the queue card. */
export const isQueueCardShown = (search: string) => new URLSearchParams(search).get('queue') === 'show'

function SeatedList({ entries }: { entries: QueueEntry[] }) {
  return (
    <>
      <h2 id="overlay-seated-heading" class="overlay-queue-heading">Seated</h2>
      <ul class="overlay-seats" aria-labelledby="overlay-seated-heading">
        {entries.map((entry) => (
          <li key={entry.id} class={entry.state}>
            {entry.seat_name}
            {entry.state === 'joined' && <span class="seat-mark" role="img" aria-label="joined">✓</span>}
          </li>
        ))}
      </ul>
    </>
  )
}

export function OverlayQueueCard({ current, room }: { current?: SessionGame; room?: Room }) {
  const { queue } = useQueue()
  if (!queue) return null
  const nextUp = waitingEntries(queue).slice(0, NEXT_UP_SHOWN)
  const inLobby = current !== undefined && room?.state === 'lobby'
  const seated = inLobby
    ? seatedEntries(queue).filter((entry) => entry.session_game_id === current.id && entry.state !== 'no_show')
    : []
  if (!queue.open && nextUp.length === 0 && seated.length === 0) return null
  return (
    <section class="overlay-card overlay-queue" aria-label="Queue">
      <h2 id="overlay-next-heading" class="overlay-queue-heading">Next up</h2>
      {nextUp.length > 0
        ? (
          <ol class="overlay-next" aria-labelledby="overlay-next-heading">
            {nextUp.map((entry) => <li key={entry.id}>{entry.name}</li>)}
          </ol>
        )
        : <p class="overlay-queue-empty">Type !join in chat</p>}
      {seated.length > 0 && <SeatedList entries={seated} />}
    </section>
  )
}
