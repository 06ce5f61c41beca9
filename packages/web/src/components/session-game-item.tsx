// One game of the session: title, status, room code, player count, live votes and its followed
// room; for the admin the controls for its status, room code and player check.
import type { TargetedEvent } from 'preact'
import { setRoomCode, setStatus, startPlayerCheck, stopPlayerCheck } from '../api.ts'
import { formatVotes } from '../format.ts'
import type { Room, SessionGame, SessionGameStatus } from '../types.ts'
import { RoomStatus } from './room-status.tsx'

interface Props {
  row: SessionGame
  /** The room it follows, when it follows one. */
  room?: Room
  isAdmin: boolean
  run: (action: () => Promise<unknown>) => Promise<boolean>
  reload: () => Promise<void>
}

const STATUSES: SessionGameStatus[] = ['playing', 'played', 'skipped']

function playerCount(row: SessionGame): string {
  const count = row.player_count === null ? 'players not counted' : `${row.player_count} players`
  return row.player_count_check_status ? `${count} (check ${row.player_count_check_status})` : count
}

export function SessionGameItem({ row, room, isAdmin, run, reload }: Props) {
  const act = async (action: () => Promise<unknown>) => {
    await run(action)
    await reload()
  }
  const saveRoomCode = (event: TargetedEvent<HTMLInputElement>) => {
    const code = event.currentTarget.value.trim().toUpperCase()
    if (code !== (row.room_code ?? '')) void act(() => setRoomCode(row, code))
  }

  return (
    <li class={`session-game ${row.status}`}>
      <div class="session-game-main">
        <span class="title">{row.title}</span>
        <span class="status">{row.status}</span>
        <span>{row.room_code ? `Room ${row.room_code}` : 'no room code'}</span>
        <span>{playerCount(row)}</span>
        <span class="votes">{formatVotes(row.upvotes, row.downvotes)}</span>
      </div>
      {room && <RoomStatus room={room} row={row} />}
      {isAdmin && (
        <div class="session-game-admin">
          <label>
            Room code <input type="text" aria-label={`Room code for ${row.title}`} maxLength={4} size={6}
              autocapitalize="characters" spellcheck={false} key={row.room_code} defaultValue={row.room_code ?? ''}
              onChange={saveRoomCode} />
          </label>
          <label>
            Status <select aria-label={`Status for ${row.title}`} value={row.status}
              onChange={(event) => void act(() => setStatus(row, event.currentTarget.value as SessionGameStatus))}>
              {STATUSES.map((status) => <option key={status} value={status}>{status}</option>)}
            </select>
          </label>
          <button type="button" onClick={() => void act(() => startPlayerCheck(row))}>
            Start player check<span class="visually-hidden"> for {row.title}</span>
          </button>
          <button type="button" onClick={() => void act(() => stopPlayerCheck(row))}>
            Stop player check<span class="visually-hidden"> for {row.title}</span>
          </button>
        </div>
      )}
    </li>
  )
}
