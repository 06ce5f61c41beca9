// A followed room on the Session page: its state, "N of M players" (connected) and who joined, live.
import { connectedPlayers } from '../rooms.ts'
import type { Room, RoomState, SessionGame } from '../types.ts'

const STATES: Record<RoomState, string> = {
  lobby: 'Lobby open', playing: 'Game started', ended: 'Room closed', unknown: 'Room not reached yet',
}

export function RoomStatus({ room, row }: { room: Room; row: SessionGame }) {
  return (
    <div class="room-status" role="group" aria-label={`Room ${room.room_code}`}>
      <p class="room-summary">
        <span class={`room-state ${room.state}`}>{STATES[room.state]}</span>
        <span>{connectedPlayers(room, row.max_players)}</span>
      </p>
      {room.players.length > 0 && (
        <ul class="room-players" aria-label={`Players in room ${room.room_code}`}>
          {room.players.map((player, index) => (
            <li key={index} class={player.connected ? undefined : 'disconnected'}>
              {player.name}{!player.connected && <span class="hint"> (disconnected)</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
