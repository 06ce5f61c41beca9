// Seating the next viewers of the line for the playing game: a number, or as many as it has
// seats for beyond the host's own players.
import { useState } from 'preact/hooks'
import { seatFromQueue } from '../../api.ts'
import type { RunQueueAction } from './run-queue-action.ts'

export function QueueSeatForm({ run }: { run: RunQueueAction }) {
  const [seats, setSeats] = useState('')
  const seat = async (event: Event) => {
    event.preventDefault()
    if (await run(() => seatFromQueue(seats.trim() === '' ? undefined : Number(seats)))) setSeats('')
  }
  return (
    <form class="inline-form" onSubmit={seat}>
      <label>
        Seats <input type="number" min={1} max={16} step={1} inputMode="numeric" size={3} placeholder="all" value={seats}
          onInput={(event) => setSeats(event.currentTarget.value)} />
      </label>
      <button type="submit" class="primary">Seat</button>
      <span class="hint">Empty: the playing game's players minus the host players.</span>
    </form>
  )
}
