// The games of a session: adding, status, room code, player count and the player check.
// Every change of a row's status, room code, player count or check status emits
// `session_game.updated`, the implicit `playing → played` ones included.
import { type CoreContext, isoNow } from '../common/context.ts'
import { invalidInput, notFound } from '../common/errors.ts'
import { type Emit, emitSessionGamesUpdated, transactionWithEvents } from '../events/events.ts'
import { getGameOrThrow } from '../catalogue/games.ts'
import { getSessionOrThrow, sessionLock } from './sessions.ts'
import { followRoom, roomLock, unfollowRoom } from '../rooms/room-follow.ts'
import { patchAndEmit } from './session-game-patch.ts'
import { playingChanged } from '../queue/seating.ts'
import type { SessionGamePatch, StoreReads, StoreTx } from '../store/store.ts'
import type { Game, PlayerCheckStatus, Session, SessionGame, SessionGameStatus } from '../common/types.ts'
import { asFields, type Fields, isMissing, readBoolean } from '../common/validate.ts'

const STATUSES: SessionGameStatus[] = ['playing', 'played', 'skipped']
const ROOM_CODE = /^[A-Z0-9]{4}$/

export async function getSessionGameOrThrow(tx: StoreReads, sessionId: number, id: number): Promise<SessionGame> {
  const row = await tx.getSessionGame(id)
  if (!row || row.session_id !== sessionId) throw notFound('Session game not found')
  return row
}

function readRoomCode(fields: Fields): string {
  const code = fields.room_code
  if (isMissing(code)) throw invalidInput('room_code is required')
  if (typeof code !== 'string' || !ROOM_CODE.test(code)) {
    throw invalidInput('room_code must be exactly 4 characters, A-Z or 0-9')
  }
  return code
}

/**
 * Adds `game` to the active `session` inside the caller's transaction (which holds the session's
 * lock): the `playing` row becomes `played`, the new row is `playing`, with `game.added` and the
 * `session_game.updated` events. Adding a game and a poll's winner go through here alike.
 */
export async function addToSession(
  ctx: CoreContext, tx: StoreTx, emit: Emit, session: Session, game: Game,
  options: { manuallyAdded: boolean; roomCode: string | null },
): Promise<SessionGame> {
  const ended = await tx.finishPlaying(session.id)
  await emitSessionGamesUpdated(tx, emit, ended)
  const row = await tx.insertSessionGame({
    session_id: session.id, game_id: game.id, played_at: isoNow(ctx),
    manually_added: options.manuallyAdded ? 1 : 0, status: 'playing', room_code: options.roomCode,
  })
  await playingChanged(ctx, tx, emit, session.id, { ended, started: row.id })
  await emit('game.added', {
    session: { id: session.id, is_active: true, games_played: session.games_played + 1 },
    game: {
      id: game.id, title: game.title, pack_name: game.pack_name,
      min_players: game.min_players, max_players: game.max_players, manually_added: options.manuallyAdded,
    },
  })
  return row
}

export function createSessionGames(ctx: CoreContext) {
  const { store } = ctx

  const patchRow = (sessionId: number, id: number, patch: SessionGamePatch) =>
    transactionWithEvents(ctx, async (tx, emit) => patchAndEmit(tx, emit, await getSessionGameOrThrow(tx, sessionId, id), patch))

  return {
    /** Ordered by played_at, then id. */
    list: (sessionId: number): Promise<SessionGame[]> =>
      store.read(async (tx) => {
        await getSessionOrThrow(tx, sessionId)
        return tx.listSessionGames(sessionId)
      }),

    add: async (sessionId: number, input: unknown): Promise<SessionGame> => {
      const fields = asFields(input)
      return transactionWithEvents(ctx, async (tx, emit) => {
        await tx.lock(sessionLock(sessionId))
        const session = await getSessionOrThrow(tx, sessionId)
        if (isMissing(fields.game_id)) throw invalidInput('game_id is required')
        if (!Number.isSafeInteger(fields.game_id)) throw invalidInput('game_id must be an integer')
        if (!session.is_active) throw invalidInput('Cannot add games to a closed session')
        const game = await getGameOrThrow(tx, fields.game_id as number)
        const manuallyAdded = fields.manually_added == null ? false : readBoolean(fields, 'manually_added')
        const roomCode = fields.room_code == null ? null : readRoomCode(fields)
        return addToSession(ctx, tx, emit, session, game, { manuallyAdded, roomCode })
      })
    },

    setStatus: async (sessionId: number, id: number, input: unknown): Promise<SessionGameStatus> => {
      const status = asFields(input).status
      if (!STATUSES.includes(status as SessionGameStatus)) {
        throw invalidInput('Invalid status. Must be playing, played, or skipped')
      }
      return transactionWithEvents(ctx, async (tx, emit) => {
        await tx.lock(sessionLock(sessionId))
        const before = await getSessionGameOrThrow(tx, sessionId, id)
        const ended = status === 'playing' ? await tx.finishPlaying(sessionId, id) : []
        await emitSessionGamesUpdated(tx, emit, ended)
        await patchAndEmit(tx, emit, before, { status: status as SessionGameStatus })
        if (before.status === 'playing' && status !== 'playing') ended.push(id)
        const started = before.status !== 'playing' && status === 'playing' ? id : undefined
        await playingChanged(ctx, tx, emit, sessionId, { ended, started })
        return status as SessionGameStatus
      })
    },

    remove: (sessionId: number, id: number): Promise<void> =>
      transactionWithEvents(ctx, async (tx, emit) => {
        await getSessionGameOrThrow(tx, sessionId, id)
        // Who was seated for it goes back in line, without a game played.
        await playingChanged(ctx, tx, emit, sessionId, { ended: [id], credit: false })
        await tx.deleteSessionGame(id)
      }),

    setRoomCode: async (sessionId: number, id: number, input: unknown): Promise<SessionGame> =>
      patchRow(sessionId, id, { room_code: readRoomCode(asFields(input)) }),

    setPlayerCount: async (sessionId: number, id: number, input: unknown): Promise<number> => {
      const count = asFields(input).player_count
      if (isMissing(count)) throw invalidInput('player_count is required')
      if (!Number.isSafeInteger(count) || (count as number) < 0) {
        throw invalidInput('player_count must be an integer of at least 0')
      }
      await patchRow(sessionId, id, { player_count: count as number })
      return count as number
    },

    /** Checks the row exists (404 otherwise). */
    get: (sessionId: number, id: number): Promise<SessionGame> =>
      store.read((tx) => getSessionGameOrThrow(tx, sessionId, id)),

    /**
     * Follows the row's room from this server (see room-follow.ts): the check is `monitoring`, the
     * lease taken from any other server (which stops watching when it next renews). Returns the
     * room code to watch; 400 without one.
     */
    startPlayerCheck: (sessionId: number, id: number): Promise<string> =>
      transactionWithEvents(ctx, async (tx, emit) => {
        await tx.lock(roomLock(id))
        const row = await getSessionGameOrThrow(tx, sessionId, id)
        if (!row.room_code) throw invalidInput('Game does not have a room code')
        await followRoom(ctx, tx, emit, row)
        return row.room_code
      }),

    /** Marks the row `stopped` and ends its lease; whichever server watched it stops. */
    stopPlayerCheck: (sessionId: number, id: number): Promise<void> =>
      transactionWithEvents(ctx, async (tx, emit) => {
        await tx.lock(roomLock(id))
        await patchAndEmit(tx, emit, await getSessionGameOrThrow(tx, sessionId, id), { player_count_check_status: 'stopped' })
        await unfollowRoom(tx, id)
      }),

    /**
     * The room monitor's sink: records its status and, when given, the count. Only the server
     * holding the row's lease writes (a monitor that was stopped or taken over is ignored). A
     * finished check keeps the lease: the room is followed until it ends (rooms.ts).
     */
    recordPlayerCheck: (id: number, change: { status: PlayerCheckStatus; playerCount?: number | null }) =>
      transactionWithEvents(ctx, async (tx, emit) => {
        await tx.lock(roomLock(id))
        const [lease, row] = [await tx.getMonitorLease(id), await tx.getSessionGame(id)]
        if (!row || lease?.owner !== ctx.instanceId) return
        await patchAndEmit(tx, emit, row, {
          player_count_check_status: change.status,
          ...(change.playerCount === undefined ? {} : { player_count: change.playerCount }),
        })
      }),
  }
}
