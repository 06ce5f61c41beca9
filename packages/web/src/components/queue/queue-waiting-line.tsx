// The waiting line in its fair order (fewest games tonight first, then who came first).
import { plural } from '../../format.ts'
import type { QueueEntry } from '../../types.ts'
import { QueueRemoveButton } from './queue-remove-button.tsx'

interface Props {
  entries: QueueEntry[]
  onRemove: (entry: QueueEntry) => void
}

export function QueueWaitingLine({ entries, onRemove }: Props) {
  return (
    <div>
      <h3 id="queue-waiting-heading">Waiting</h3>
      {entries.length === 0 ? <p class="hint">Nobody is waiting.</p> : (
        <ol class="queue-entries" aria-labelledby="queue-waiting-heading">
          {entries.map((entry) => (
            <li key={entry.id}>
              <span class="queue-position">{entry.position}</span>
              <span class="queue-name">{entry.name}</span>
              <span class="hint">{plural(entry.games_played, 'game')} played</span>
              <QueueRemoveButton entry={entry} onRemove={onRemove} />
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
