// The games of a session: sessions games|add|status|remove-game|room-code|player-count and
// sessions monitor start|stop (the monitor runs in the server, so remote only).
import type { CommandContext } from '../context.ts'
import { SESSION_GAME_COLUMNS } from '../format.ts'
import { resolveSessionId } from './session-target.ts'

type RowArgs = [sessionId: number, sessionGameId: number]

export const sessionGamesCommand = {
  games: async (ctx: CommandContext, [id]: [number?]) => {
    const backend = await ctx.backend('read')
    const rows = await backend.sessionGames.list(await resolveSessionId(backend, id))
    ctx.output.table(rows, SESSION_GAME_COLUMNS, 'No games in this session yet.')
  },

  /** Adding by hand marks the row manually_added (a pick --add does not). */
  add: async (ctx: CommandContext, [gameId]: [number], options: { session?: number; roomCode?: string }) => {
    const backend = await ctx.backend('write')
    const sessionId = await resolveSessionId(backend, options.session)
    const row = await backend.sessionGames.add(sessionId, {
      game_id: gameId, manually_added: true, room_code: options.roomCode?.toUpperCase(),
    })
    ctx.output.result(row, `Added ${row.title} to session #${sessionId} (session game ${row.id}).`)
  },

  status: async (ctx: CommandContext, [sessionId, id, status]: [...RowArgs, string]) => {
    const result = await (await ctx.backend('write')).sessionGames.setStatus(sessionId, id, { status })
    ctx.output.result({ message: 'Status updated', status: result }, `Session game ${id} is now ${result}.`)
  },

  removeGame: async (ctx: CommandContext, [sessionId, id]: RowArgs) => {
    await (await ctx.backend('write')).sessionGames.remove(sessionId, id)
    ctx.output.result({ message: 'Game removed from session' }, `Removed session game ${id} from session #${sessionId}.`)
  },

  roomCode: async (ctx: CommandContext, [sessionId, id, code]: [...RowArgs, string]) => {
    const row = await (await ctx.backend('write')).sessionGames.setRoomCode(sessionId, id, { room_code: code.toUpperCase() })
    ctx.output.result(row, `Session game ${id} room code: ${row.room_code}.`)
  },

  playerCount: async (ctx: CommandContext, [sessionId, id, count]: [...RowArgs, number]) => {
    const playerCount = await (await ctx.backend('write')).sessionGames.setPlayerCount(sessionId, id, { player_count: count })
    ctx.output.result({ message: 'Player count updated', player_count: playerCount }, `Session game ${id}: ${playerCount} players.`)
  },

  // 'read' access: locally this fails at once with "use --remote" instead of first taking the lock.
  monitorStart: async (ctx: CommandContext, [sessionId, id]: RowArgs) => {
    const result = await (await ctx.backend('read')).sessionGames.startPlayerCheck(sessionId, id)
    ctx.output.result(result, `${result.message} (status: ${result.status}).`)
  },

  monitorStop: async (ctx: CommandContext, [sessionId, id]: RowArgs) => {
    const result = await (await ctx.backend('read')).sessionGames.stopPlayerCheck(sessionId, id)
    ctx.output.result(result, `${result.message} (status: ${result.status}).`)
  },
}
