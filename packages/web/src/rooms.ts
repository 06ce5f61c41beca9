// The Jackbox rooms the session's games follow, kept current from the live event stream: each
// room view is loaded once its game shows up (and again on every (re)connection), then
// `room.updated` / `room.ended` bring the whole view. A view is only replaced by a newer one,
// so a load that crosses an event never shows the older state.
import { useEffect, useState } from 'preact/hooks'
import { getRoom } from './api.ts'
import { useLiveEvents } from './events.ts'
import type { Room, RoomEvent, SessionGame } from './types.ts'

export type Rooms = ReadonlyMap<number, Room>

/**
 * Rows whose room is followed, or was up to its end: a code and a check that runs or completed
 * (a check stopped or failed may never have reached a room: its view would be a 404).
 */
const FOLLOWED = new Set(['monitoring', 'completed'])
const followed = (rows: SessionGame[]) =>
  rows.filter((row) => row.room_code && FOLLOWED.has(row.player_count_check_status ?? ''))

function withRoom(rooms: Rooms, sessionGameId: number, room: Room | null): Rooms {
  const known = rooms.get(sessionGameId)
  if (!room || (known && known.updated_at > room.updated_at)) return rooms
  return new Map(rooms).set(sessionGameId, room)
}

export function useRooms(rows: SessionGame[]): { rooms: Rooms; error: unknown } {
  const [rooms, setRooms] = useState<Rooms>(new Map())
  const [error, setError] = useState<unknown>(null)
  const [connection, setConnection] = useState(0)
  const watched = followed(rows)
  const key = watched.map((row) => row.id).join(',')

  useEffect(() => {
    let current = true
    Promise.all(watched.map(async (row) => [row.id, await getRoom(row)] as const))
      .then((loaded) => {
        if (!current) return
        setRooms((known) => loaded.reduce((next, [id, room]) => withRoom(next, id, room), known))
        setError(null)
      })
      .catch((failure: unknown) => current && setError(failure))
    return () => { current = false }
  }, [key, connection])

  useLiveEvents((type, event) => {
    if (type === 'open' || type === 'reset') setConnection((count) => count + 1)
    else if (type === 'room.updated' || type === 'room.ended') {
      const { session_game_id, room } = event as RoomEvent
      setRooms((known) => withRoom(known, session_game_id, room))
    }
  })
  return { rooms, error }
}

const ofMax = (count: number, room: Room, gameMaxPlayers: number) =>
  `${count} of ${room.max_players ?? gameMaxPlayers} players`

/**
 * "2 of 8 players" on the Session page: the players connected now, as the player check beside it
 * counts them (the roster lists the disconnected ones). M is the room's own maximum, else the game's.
 */
export const connectedPlayers = (room: Room, gameMaxPlayers: number) =>
  ofMax(room.players.filter((player) => player.connected).length, room, gameMaxPlayers)

/**
 * "3 of 8 players" on the join card: every seat taken, disconnected players too, since Jackbox
 * keeps their seat and a viewer wants to know whether one is free.
 */
export const seatsTaken = (room: Room, gameMaxPlayers: number) => ofMax(room.players.length, room, gameMaxPlayers)
