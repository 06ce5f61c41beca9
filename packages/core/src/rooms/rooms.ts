// The room autopilot: from a room code to the game it runs, added to the session and followed
// (monitor/ does the watching; this module records what it sees). A room is followed by one
// server at a time through the session game's monitor lease, and its state is stored, so any
// server answers the room view.
import { type CoreContext, isoNow } from '../common/context.ts'
import { DomainError, invalidInput, notFound } from '../common/errors.ts'
import { type Emit, transactionWithEvents } from '../events/events.ts'
import type { RoomLookup } from './room-service.ts'
import type { PlayerCheckSink, RoomReport } from './room-service.ts'
import { toRoomView, roomViewKey } from './room-view.ts'
import { followRoom, roomLock } from './room-follow.ts'
import { checkSeatsAgainstRoom, playingChanged } from '../queue/seating.ts'
import { patchAndEmit } from '../sessions/session-game-patch.ts'
import { addToSession, createSessionGames, getSessionGameOrThrow } from '../sessions/session-games.ts'
import { getSessionOrThrow, sessionLock } from '../sessions/sessions.ts'
import type { RoomRecord, StoreReads } from '../store/store.ts'
import type { Game, Room, SessionGame } from '../common/types.ts'
import { asFields } from '../common/validate.ts'

const ROOM_CODE = /^[A-Z0-9]{4}$/

export type SessionGameWithRoom = SessionGame & { room: Room }

/** `added`: a new session game (201); `started`: this server should start watching the room now. */
export interface FollowResult { added: boolean; started: boolean; sessionGame: SessionGameWithRoom }

/** `room_code` of POST /api/sessions/{id}/rooms: a string, upper-cased, four letters or digits. */
export function readFollowRoomCode(input: unknown): string {
  const code = asFields(input).room_code
  const upper = typeof code === 'string' ? code.toUpperCase() : ''
  if (!ROOM_CODE.test(upper)) throw invalidInput('room_code must be 4 letters or digits')
  return upper
}

/**
 * The game a room's app tag names: exact tags only; of several, an enabled game before a
 * disabled one, then catalogue order (pack_name, title: the order listGames gives).
 */
export function findGameByAppTag(games: readonly Game[], appTag: string | null): Game | undefined {
  const tagged = games.filter((game) => appTag !== null && game.app_tags.includes(appTag))
  return tagged.find((game) => game.enabled === 1) ?? tagged[0]
}

async function withRoom(tx: StoreReads, row: SessionGame): Promise<SessionGameWithRoom> {
  const room = await tx.getRoom(row.id)
  return { ...row, room: toRoomView(room!) }
}

const roomServiceUnavailable = () => new DomainError('UNAVAILABLE', 'Jackbox room service unavailable')

export function createRooms(ctx: CoreContext) {
  const { store } = ctx
  const sessionGames = createSessionGames(ctx)

  /** A report of the follower holding the room's lease; anyone else's is ignored. */
  async function record(sessionGameId: number, report: RoomReport): Promise<void> {
    await transactionWithEvents(ctx, async (tx, emit) => {
      await tx.lock(roomLock(sessionGameId))
      const [lease, room, stored] = [await tx.getMonitorLease(sessionGameId), await tx.getRoom(sessionGameId), await tx.getSessionGame(sessionGameId)]
      if (!room || !stored || lease?.owner !== ctx.instanceId || !room.following) return
      // The running player count, while the check runs (a finished check keeps its count).
      const counted = report.checkCount !== undefined && stored.player_count_check_status === 'monitoring'
        && stored.player_count !== report.checkCount
      const row = counted ? await patchAndEmit(tx, emit, stored, { player_count: report.checkCount }) : stored
      const now = isoNow(ctx)
      const next: RoomRecord = {
        ...room,
        state: report.state === 'unknown' ? room.state : report.state,
        app_tag: report.appTag ?? room.app_tag,
        max_players: report.maxPlayers ?? room.max_players,
        audience_enabled: report.audienceEnabled == null ? room.audience_enabled : report.audienceEnabled ? 1 : 0,
        locked: report.locked || room.locked ? 1 : 0,
        players: report.players ?? room.players,
        following: report.following ? 1 : 0,
      }
      if (next.locked && !next.started_at) next.started_at = now
      if (next.state === 'ended' && !next.ended_at) next.ended_at = now
      const changed = roomViewKey(next) !== roomViewKey(room)
      if (changed) next.updated_at = now
      await tx.saveRoom(next)
      if (changed) await checkSeatsAgainstRoom(ctx, tx, emit, row.session_id, room, next)
      if (next.state === 'ended') {
        await emit('room.ended', { session_game_id: sessionGameId, room: toRoomView(next) })
        // The admin's `skipped` (or an earlier `played`) stays as it is.
        if (row.status === 'playing') {
          await patchAndEmit(tx, emit, row, { status: 'played' })
          await playingChanged(ctx, tx, emit, row.session_id, { ended: [sessionGameId] })
        }
      } else if (changed) {
        await emit('room.updated', { session_game_id: sessionGameId, room: toRoomView(next) })
      }
      if (!next.following) await tx.releaseMonitor(sessionGameId, ctx.instanceId)
    })
  }

  return {
    /**
     * POST /api/sessions/{id}/rooms: asks the room service (`lookup`) for the room, adds the game
     * its app tag names as POST /api/sessions/{id}/games would, and follows the room. The same
     * code as the session's `playing` row answers that row (`added` false), followed.
     */
    follow: async (sessionId: number, input: unknown, lookup: (code: string) => Promise<RoomLookup>):
      Promise<FollowResult> => {
      const code = readFollowRoomCode(input)
      const playing = await store.read(async (tx) => {
        const session = await getSessionOrThrow(tx, sessionId)
        if (!session.is_active) throw invalidInput('Cannot add games to a closed session')
        return (await tx.listSessionGames(sessionId)).find((row) => row.status === 'playing' && row.room_code === code)
      })
      if (playing) return { added: false, ...await followPlaying(sessionId, playing.id) }

      const found = await lookup(code)
      if (found.kind === 'missing') throw notFound('Room not found')
      if (found.kind === 'unavailable') throw roomServiceUnavailable()
      const info = found.room
      const sessionGame = await transactionWithEvents(ctx, async (tx, emit) => {
        await tx.lock(sessionLock(sessionId))
        const session = await getSessionOrThrow(tx, sessionId)
        if (!session.is_active) throw invalidInput('Cannot add games to a closed session')
        const game = findGameByAppTag(await tx.listGames(), info.appTag)
        if (!game) throw notFound(`No game in the catalogue has the app tag ${info.appTag ?? ''}`, { appTag: info.appTag })
        const row = await addToSession(ctx, tx, emit, session, game, { manuallyAdded: false, roomCode: code })
        await followRoom(ctx, tx, emit, row, info)
        return withRoom(tx, (await tx.getSessionGame(row.id))!)
      })
      return { added: true, started: true, sessionGame }
    },

    /** GET /api/sessions/{sid}/games/{sgid}/room. */
    view: (sessionId: number, sessionGameId: number): Promise<Room> =>
      store.read(async (tx) => {
        await getSessionGameOrThrow(tx, sessionId, sessionGameId)
        const room = await tx.getRoom(sessionGameId)
        if (!room) throw notFound('No room is followed for this game')
        return toRoomView(room)
      }),

    /** The session's games that have a room, with it (`game-picker room status`). */
    ofSession: (sessionId: number): Promise<SessionGameWithRoom[]> =>
      store.read(async (tx) => {
        await getSessionOrThrow(tx, sessionId)
        const rooms = new Map((await tx.listSessionRooms(sessionId)).map((room) => [room.session_game_id, room]))
        return (await tx.listSessionGames(sessionId))
          .filter((row) => rooms.has(row.id))
          .map((row) => ({ ...row, room: toRoomView(rooms.get(row.id)!) }))
      }),

    record,

    /** Where the room monitors write: the player check on the row, what they see of the room. */
    sink: {
      update: (id, change) => sessionGames.recordPlayerCheck(id, change),
      room: record,
    } satisfies PlayerCheckSink,
  }

  /** The playing row already has this code: followed from now on if it was not, nothing added. */
  async function followPlaying(sessionId: number, id: number): Promise<Omit<FollowResult, 'added'>> {
    return transactionWithEvents(ctx, async (tx, emit) => {
      await tx.lock(sessionLock(sessionId))
      await tx.lock(roomLock(id))
      const row = await getSessionGameOrThrow(tx, sessionId, id)
      const room = await tx.getRoom(id)
      const started = !room?.following || room.state === 'ended'
      if (started) await followRoom(ctx, tx, emit, row)
      return { started, sessionGame: await withRoom(tx, (await tx.getSessionGame(id))!) }
    })
  }
}

