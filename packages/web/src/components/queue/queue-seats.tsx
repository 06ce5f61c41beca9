// The viewers seated for the playing game: the name to type into Jackbox, and whether they sat
// down in the room (joined), not yet (seated) or not before it locked (no show); then the
// room's players that match no seat.
import type { QueueEntry, QueueEntryState } from '../../types.ts'
import { QueueRemoveButton } from './queue-remove-button.tsx'

const STATE_TEXT: Record<QueueEntryState, string> = { waiting: 'waiting', seated: 'seated', joined: 'joined', no_show: 'no show' }

interface Props {
  entries: QueueEntry[]
  unseated: string[]
  onRemove: (entry: QueueEntry) => void
}

export function QueueSeats({ entries, unseated, onRemove }: Props) {
  return (
    <div>
      <h3 id="queue-seats-heading">Seated</h3>
      {entries.length === 0 ? <p class="hint">Nobody is seated.</p> : (
        <ul class="queue-entries" aria-labelledby="queue-seats-heading">
          {entries.map((entry) => (
            <li key={entry.id}>
              <span class="seat-name">{entry.seat_name}</span>
              {entry.name.toUpperCase() !== entry.seat_name && <span class="hint">{entry.name}</span>}
              <span class={`seat-state ${entry.state}`}>{STATE_TEXT[entry.state]}</span>
              <QueueRemoveButton entry={entry} onRemove={onRemove} />
            </li>
          ))}
        </ul>
      )}
      {unseated.length > 0 && <p class="queue-unseated">Not seated by you: {unseated.join(', ')}</p>}
    </div>
  )
}
