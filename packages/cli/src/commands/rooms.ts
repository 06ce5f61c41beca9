// The room autopilot from the terminal: `room CODE` adds the game the Jackbox room runs to the
// active session and follows the room; `room status` shows the rooms the session follows.
import type { Room, SessionGame } from '@game-picker/core'
import type { CommandContext } from '../context.ts'
import type { Column } from '../table.ts'
import { resolveSessionId } from './session-target.ts'

type RoomRow = SessionGame & { room: Room }

const players = (room: Room) => room.players.map((player) => (player.connected ? player.name : `${player.name} (away)`)).join(', ')
const count = (room: Room) => `${room.players.filter((player) => player.connected).length}${room.max_players ? ` of ${room.max_players}` : ''}`

const ROOM_COLUMNS: Column<RoomRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Room', value: (row) => row.room.room_code },
  { header: 'Title', value: (row) => row.title },
  { header: 'App tag', value: (row) => row.room.app_tag },
  { header: 'State', value: (row) => row.room.state },
  { header: 'Status', value: (row) => row.status },
  { header: 'Players', value: (row) => count(row.room) },
  { header: 'Names', value: (row) => players(row.room) },
]

export const roomsCommand = {
  follow: async (ctx: CommandContext, [code]: [string], options: { session?: number }) => {
    const backend = await ctx.backend('write')
    const sessionId = await resolveSessionId(backend, options.session)
    const row = await backend.rooms.follow(sessionId, { room_code: code })
    ctx.output.result(row, `Following room ${row.room.room_code}: ${row.title} (${row.pack_name}), session game ${row.id} `
      + `in session #${sessionId}, ${row.room.state}, ${count(row.room)} players.`)
  },

  status: async (ctx: CommandContext, _args: [], options: { session?: number }) => {
    const backend = await ctx.backend('read')
    const rows = await backend.rooms.list(await resolveSessionId(backend, options.session))
    ctx.output.table(rows, ROOM_COLUMNS, 'No room is followed in this session: `game-picker room CODE` follows one.')
  },
}
