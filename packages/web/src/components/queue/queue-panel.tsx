// The viewer queue on the admin's Session page: open or close it (with the host's own players),
// seat the next viewers, add or remove a name by hand, the waiting line, the seats with whether
// each sat down in the room, and who sat down unasked; live from the event stream.
import { useState } from 'preact/hooks'
import { removeQueueEntry } from '../../api.ts'
import { useAction } from '../../hooks.ts'
import { seatedEntries, useQueue, waitingEntries } from '../../queue-state.ts'
import type { Queue } from '../../types.ts'
import { ErrorAlert } from '../error-alert.tsx'
import { QueueAddForm } from './queue-add-form.tsx'
import { QueueOpenForm } from './queue-open-form.tsx'
import { QueueSeatForm } from './queue-seat-form.tsx'
import { QueueSeats } from './queue-seats.tsx'
import { QueueWaitingLine } from './queue-waiting-line.tsx'
import type { RunQueueAction } from './run-queue-action.ts'

function QueueSummary({ queue }: { queue: Queue }) {
  return (
    <p class="queue-summary">
      <strong class={`queue-open-state ${queue.open ? 'open' : 'closed'}`}>{queue.open ? 'Open' : 'Closed'}</strong>
      <span>{waitingEntries(queue).length} waiting</span>
      <span>{seatedEntries(queue).length} seated</span>
      <span class="hint">{queue.open ? 'Viewers type !join in chat, !leave to leave.' : 'Chat cannot join; the line is kept.'}</span>
    </p>
  )
}

export function QueuePanel() {
  const { queue, error, reload } = useQueue()
  const [actionError, setActionError] = useState<unknown>(null)
  const runAction = useAction(setActionError)
  const run: RunQueueAction = async (action) => {
    const done = await runAction(action)
    await reload()
    return done
  }

  return (
    <section class="queue-panel" aria-labelledby="queue-heading">
      <h2 id="queue-heading">Queue</h2>
      <ErrorAlert error={actionError ?? error} />
      {queue && (
        <>
          <QueueSummary queue={queue} />
          <QueueOpenForm queue={queue} run={run} />
          <QueueSeatForm run={run} />
          <QueueAddForm run={run} />
          <div class="queue-lists">
            <QueueWaitingLine entries={waitingEntries(queue)} onRemove={(entry) => void run(() => removeQueueEntry(entry.id))} />
            <QueueSeats entries={seatedEntries(queue)} unseated={queue.unseated} onRemove={(entry) => void run(() => removeQueueEntry(entry.id))} />
          </div>
        </>
      )}
    </section>
  )
}
