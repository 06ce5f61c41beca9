// The viewer queue for people: whether it is open, the waiting line in fair order, the seats
// with their state in the room, and the room's players nobody seated.
import type { Queue, QueueEntry } from '@game-picker/core'
import { type Column, formatTable } from '../table.ts'

const LINE_COLUMNS: Column<QueueEntry>[] = [
  { header: '#', value: (entry) => entry.position },
  { header: 'Name', value: (entry) => entry.name },
  { header: 'Seat name', value: (entry) => entry.seat_name },
  { header: 'Games', value: (entry) => entry.games_played },
  { header: 'ID', value: (entry) => entry.id },
]

const SEAT_COLUMNS: Column<QueueEntry>[] = [
  { header: 'Seat name', value: (entry) => entry.seat_name },
  { header: 'State', value: (entry) => entry.state },
  { header: 'Name', value: (entry) => entry.name },
  { header: 'ID', value: (entry) => entry.id },
]

export function describeQueue(queue: Queue): string {
  const line = queue.entries.filter((entry) => entry.state === 'waiting')
  const seats = queue.entries.filter((entry) => entry.state !== 'waiting')
  const hosts = `${queue.host_players} host player${queue.host_players === 1 ? '' : 's'}`
  const lines = [
    `Queue of session #${queue.session_id}: ${queue.open ? 'open' : 'closed'}, ${hosts}.`,
    '', `Line (${line.length}):`, line.length > 0 ? formatTable(line, LINE_COLUMNS) : 'Nobody is waiting.',
    '', `Seats (${seats.length}):`, seats.length > 0 ? formatTable(seats, SEAT_COLUMNS) : 'Nobody is seated.',
  ]
  if (queue.unseated.length > 0) lines.push('', `Not seated: ${queue.unseated.join(', ')}`)
  return lines.join('\n')
}
