// Opening the queue to chat (and how many seats the host's own people take), or closing it.
import { useEffect, useState } from 'preact/hooks'
import { closeQueue, openQueue } from '../../api.ts'
import type { Queue } from '../../types.ts'
import type { RunQueueAction } from './run-queue-action.ts'

export function QueueOpenForm({ queue, run }: { queue: Queue; run: RunQueueAction }) {
  const [hostPlayers, setHostPlayers] = useState(String(queue.host_players))
  useEffect(() => setHostPlayers(String(queue.host_players)), [queue.host_players])

  const open = (event: Event) => {
    event.preventDefault()
    void run(() => openQueue(hostPlayers.trim() === '' ? undefined : Number(hostPlayers)))
  }
  return (
    <form class="inline-form" onSubmit={open}>
      <label>
        Host players <input type="number" min={0} max={8} step={1} inputMode="numeric" size={3} value={hostPlayers}
          onInput={(event) => setHostPlayers(event.currentTarget.value)} />
      </label>
      <button type="submit" class={queue.open ? undefined : 'primary'}>{queue.open ? 'Set host players' : 'Open queue'}</button>
      {queue.open && <button type="button" onClick={() => void run(closeQueue)}>Close queue</button>}
    </form>
  )
}
