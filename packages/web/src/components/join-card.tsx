// The overlay's join card while the game's room is in its lobby: "Join at jackbox.tv", the room
// code and "N of M players". On stream a code shown at once lets strangers take the seats
// (stream sniping), so the page's URL can hide it (`?roomCode=hide`) or hold it back S seconds
// after the room was added (`?roomCodeDelay=S`, 0 to 600).
import { useEffect, useState } from 'preact/hooks'
import { seatsTaken } from '../rooms.ts'
import type { Room, SessionGame } from '../types.ts'

const MAX_DELAY_SECONDS = 600

export interface RoomCodeOptions {
  hide: boolean
  delaySeconds: number
}

/** From the overlay's URL; a delay out of range is held to 0–600 s, one that is not a number counts as none. */
export function roomCodeOptions(search: string): RoomCodeOptions {
  const query = new URLSearchParams(search)
  const delay = Number(query.get('roomCodeDelay') ?? 0)
  return {
    hide: query.get('roomCode') === 'hide',
    delaySeconds: Number.isFinite(delay) ? Math.min(MAX_DELAY_SECONDS, Math.max(0, delay)) : 0,
  }
}

/** True once `at` (epoch ms) has passed; re-renders then. */
function useReached(at: number): boolean {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    if (now >= at) return
    const timer = setTimeout(() => setNow(Date.now()), at - Date.now() + 50)
    return () => clearTimeout(timer)
  }, [at, now])
  return now >= at
}

export function JoinCard({ row, room, options }: { row: SessionGame; room: Room; options: RoomCodeOptions }) {
  // The room is added with its game (played_at), or later through the game's room code.
  const codeDue = useReached(Date.parse(row.played_at) + options.delaySeconds * 1000)
  const showCode = !options.hide && codeDue
  return (
    <section class="overlay-card overlay-join" aria-labelledby="join-heading">
      <h2 id="join-heading" class="overlay-join-heading">Join at jackbox.tv</h2>
      {showCode && <p class="overlay-room-code" aria-label="Room code">{room.room_code}</p>}
      <p class="overlay-players">{seatsTaken(room, row.max_players)}</p>
    </section>
  )
}
