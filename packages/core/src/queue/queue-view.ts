// The queue as the API shows it: the waiting line in fair order, then the seats in the order
// they were taken, and the room's players nobody seated.
import type { QueueEntryRecord, QueueRecord, RoomRecord } from '../store/store.ts'
import type { Queue, QueueEntry } from '../common/types.ts'
import { isSeatedAs } from './seat-names.ts'

/** Fewest games played tonight first, then who waited longest, then who came first. */
export function fairOrder(a: QueueEntryRecord, b: QueueEntryRecord): number {
  return a.games_played - b.games_played || a.joined_at.localeCompare(b.joined_at) || a.id - b.id
}

export const waitingLine = (entries: readonly QueueEntryRecord[]) =>
  entries.filter((entry) => entry.state === 'waiting').sort(fairOrder)

const seats = (entries: readonly QueueEntryRecord[]) =>
  entries.filter((entry) => entry.state !== 'waiting').sort((a, b) => (a.seat_order ?? 0) - (b.seat_order ?? 0) || a.id - b.id)

export function toEntryView(entry: QueueEntryRecord, position: number | null): QueueEntry {
  const { session_id: _session, seat_order: _order, ...shown } = entry
  return { ...shown, position }
}

/** The room's players (by name) whom no seated or joined entry matches. */
export function unseatedPlayers(entries: readonly QueueEntryRecord[], room: RoomRecord | null): string[] {
  if (!room) return []
  const seated = entries.filter((entry) => entry.state === 'seated' || entry.state === 'joined')
  return room.players.map((player) => player.name)
    .filter((name) => !seated.some((entry) => isSeatedAs(name, entry.seat_name)))
}

export const EMPTY_QUEUE = (sessionId: number): QueueRecord =>
  ({ session_id: sessionId, open: 0, host_players: 1, event_at: null, event_pending: 0 })

export function toQueueView(queue: QueueRecord, entries: readonly QueueEntryRecord[], room: RoomRecord | null): Queue {
  return {
    session_id: queue.session_id,
    open: queue.open === 1,
    host_players: queue.host_players,
    entries: [
      ...waitingLine(entries).map((entry, index) => toEntryView(entry, index + 1)),
      ...seats(entries).map((entry) => toEntryView(entry, null)),
    ],
    unseated: unseatedPlayers(entries, room),
  }
}
