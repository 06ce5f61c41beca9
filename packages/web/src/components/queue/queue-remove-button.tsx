// "Remove" for one entry of the queue, named after it for a screen reader.
import type { QueueEntry } from '../../types.ts'

export function QueueRemoveButton({ entry, onRemove }: { entry: QueueEntry; onRemove: (entry: QueueEntry) => void }) {
  return (
    <button type="button" class="queue-remove" onClick={() => onRemove(entry)}>
      Remove<span class="visually-hidden"> {entry.name}</span>
    </button>
  )
}
