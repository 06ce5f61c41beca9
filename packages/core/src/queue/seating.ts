// The seats and the room: who is seated for which game, who the room's roster shows came, who
// never did, and what happens to them all when the game stops playing. These run inside the
// transactions that change the session's games and rooms (sessions/, rooms/), so a seat follows
// its game in the same commit.
import { type CoreContext, isoNow } from '../common/context.ts'
import type { Emit } from '../events/events.ts'
import type { QueueEntryRecord, RoomRecord, StoreTx } from '../store/store.ts'
import { queueChanged, queueLock } from './queue-events.ts'
import { isSeatedAs } from './seat-names.ts'
import { waitingLine } from './queue-view.ts'

const inRoster = (entry: QueueEntryRecord, room: RoomRecord | null) =>
  room !== null && room.players.some((player) => isSeatedAs(player.name, entry.seat_name))

/** Seats the first `count` of the waiting line for `sessionGameId` (null: the next game to start). */
export async function seatEntries(
  tx: StoreTx, entries: readonly QueueEntryRecord[], count: number, sessionGameId: number | null, room: RoomRecord | null,
): Promise<void> {
  let order = Math.max(0, ...entries.map((entry) => entry.seat_order ?? 0))
  for (const entry of waitingLine(entries).slice(0, count)) {
    order += 1
    const state = inRoster(entry, room) ? 'joined' : 'seated'
    await tx.updateQueueEntry(entry.id, { state, session_game_id: sessionGameId, seat_order: order })
  }
}

/**
 * What the followed room of `sessionGameId` now shows: seated entries whose name is in its
 * roster have joined; when it locks, those still seated never came. A roster change changes the
 * queue's `unseated` too.
 */
export async function checkSeatsAgainstRoom(
  ctx: CoreContext, tx: StoreTx, emit: Emit, sessionId: number, before: RoomRecord, room: RoomRecord,
): Promise<void> {
  if (!(await tx.getQueue(sessionId))) return // never opened: nobody watches it
  await tx.lock(queueLock(sessionId))
  const entries = await tx.listQueueEntries(sessionId)
  const seats = entries.filter((entry) => entry.session_game_id === room.session_game_id)
  const playing = (await tx.getSessionGame(room.session_game_id))?.status === 'playing'
  if (seats.length === 0 && !playing) return
  const lockedNow = room.locked === 1 && before.locked === 0
  let changed = JSON.stringify(before.players.map((player) => player.name)) !== JSON.stringify(room.players.map((player) => player.name))
  for (const entry of seats.filter((seat) => seat.state === 'seated')) {
    const state = inRoster(entry, room) ? 'joined' : lockedNow ? 'no_show' : 'seated'
    if (state === entry.state) continue
    await tx.updateQueueEntry(entry.id, { state })
    changed = true
  }
  if (changed) await queueChanged(ctx, tx, emit, sessionId)
}

/**
 * The session's playing game changed: the games in `ended` stopped playing (their seats are
 * settled: who sat in gets a game played and goes back in line, who never came leaves; with
 * `credit` false, a deleted game, nobody gets the game), and `started` began (seats taken before
 * any game was playing are for it).
 */
export async function playingChanged(
  ctx: CoreContext, tx: StoreTx, emit: Emit, sessionId: number,
  change: { ended?: readonly number[]; started?: number; credit?: boolean },
): Promise<void> {
  if (!(await tx.getQueue(sessionId))) return
  await tx.lock(queueLock(sessionId))
  const ended = new Set(change.ended ?? [])
  let changed = false
  for (const entry of await tx.listQueueEntries(sessionId)) {
    if (entry.state === 'waiting') continue
    if (entry.session_game_id !== null && ended.has(entry.session_game_id)) {
      changed = true
      if (entry.state === 'no_show') await tx.deleteQueueEntry(entry.id)
      else {
        await tx.updateQueueEntry(entry.id, {
          state: 'waiting', session_game_id: null, seat_order: null, joined_at: isoNow(ctx),
          games_played: entry.games_played + (change.credit === false ? 0 : 1),
        })
      }
    } else if (entry.session_game_id === null && change.started !== undefined) {
      changed = true
      await tx.updateQueueEntry(entry.id, { session_game_id: change.started })
    }
  }
  if (changed) await queueChanged(ctx, tx, emit, sessionId)
}
