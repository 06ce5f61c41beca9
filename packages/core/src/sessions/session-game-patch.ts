// A change to one session game row, with its `session_game.updated` event when a watched field changed.
import type { Emit } from '../events/events.ts'
import type { SessionGamePatch, StoreTx } from '../store/store.ts'
import type { SessionGame } from '../common/types.ts'

const WATCHED = ['status', 'room_code', 'player_count', 'player_count_check_status'] as const

/** Applies `patch` to the row and emits `session_game.updated` if a watched field changed. */
export async function patchAndEmit(tx: StoreTx, emit: Emit, before: SessionGame, patch: SessionGamePatch): Promise<SessionGame> {
  await tx.updateSessionGame(before.id, patch)
  const after = (await tx.getSessionGame(before.id))!
  if (WATCHED.some((field) => before[field] !== after[field])) await emit('session_game.updated', { session_game: after })
  return after
}
