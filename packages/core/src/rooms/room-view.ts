// A followed room as the API shows it, and when a change of it is worth a `room.updated`.
import type { RoomRecord } from '../store/store.ts'
import type { Room } from '../common/types.ts'

export function toRoomView(room: RoomRecord): Room {
  return {
    room_code: room.room_code,
    app_tag: room.app_tag,
    state: room.state,
    players: room.players.map(({ name, connected }) => ({ name, connected })),
    max_players: room.max_players,
    audience_enabled: room.audience_enabled === null ? null : room.audience_enabled === 1,
    locked: room.locked === 1,
    started_at: room.started_at,
    ended_at: room.ended_at,
    updated_at: room.updated_at,
  }
}

/** What a watcher of the room sees change (not the times, not who follows it). */
export const roomViewKey = (room: RoomRecord) => {
  const { updated_at: _updated, ...seen } = toRoomView(room)
  return JSON.stringify(seen)
}
