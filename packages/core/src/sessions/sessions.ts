// Sessions: start, close, delete.
import { type CoreContext, isoNow } from '../common/context.ts'
import { invalidInput, notFound } from '../common/errors.ts'
import { type Emit, emitSessionGamesUpdated, transactionWithEvents } from '../events/events.ts'
import { queueLock } from '../queue/queue-events.ts'
import { unfollowRoom } from '../rooms/room-follow.ts'
import { patchAndEmit } from './session-game-patch.ts'
import type { StoreReads, StoreTx } from '../store/store.ts'
import type { Session } from '../common/types.ts'
import { readOptionalId, readPageLimit } from '../common/paging.ts'
import { asFields, readOptionalString } from '../common/validate.ts'

const SESSION_PAGE_MAX = 500

export const ACTIVE_SESSION_EXISTS = 'An active session already exists. Please close it first.'

/** Serializes changes to one session's games across servers (see StoreTx.lock). */
export const sessionLock = (id: number) => `session:${id}`

export async function getSessionOrThrow(tx: StoreReads, id: number): Promise<Session> {
  const session = await tx.getSession(id)
  if (!session) throw notFound('Session not found')
  return session
}

/** A closed session's rooms are followed no more; a check still running becomes `stopped`. */
async function stopFollowingRooms(tx: StoreTx, emit: Emit, sessionId: number) {
  for (const room of await tx.listSessionRooms(sessionId)) {
    if (!room.following) continue
    await unfollowRoom(tx, room.session_game_id)
    const row = await tx.getSessionGame(room.session_game_id)
    if (row?.player_count_check_status === 'monitoring') await patchAndEmit(tx, emit, row, { player_count_check_status: 'stopped' })
  }
}

export function createSessions(ctx: CoreContext) {
  const { store } = ctx
  return {
    /** Newest first: every session, or with `limit` (1 to 500) a page, after the session `before`. */
    list: (query: unknown = {}): Promise<Session[]> => {
      const fields = asFields(query)
      const limit = readPageLimit(fields.limit, SESSION_PAGE_MAX, undefined)
      const beforeId = readOptionalId(fields.before, 'before')
      return store.read((tx) => tx.listSessions(limit === undefined && beforeId === null ? undefined
        : { limit: limit ?? Number.MAX_SAFE_INTEGER, beforeId }))
    },
    get: (id: number): Promise<Session> => store.read((tx) => getSessionOrThrow(tx, id)),
    active: (): Promise<Session | null> => store.read((tx) => tx.getActiveSession()),

    start: async (input: unknown = {}): Promise<Session> => {
      const notes = readOptionalString(asFields(input), 'notes') ?? null
      return transactionWithEvents(ctx, async (tx, emit) => {
        await tx.lock('active-session')
        const active = await tx.getActiveSession()
        if (active) throw invalidInput(ACTIVE_SESSION_EXISTS, { activeSessionId: active.id })
        const session = await tx.insertSession({ created_at: isoNow(ctx), notes })
        await emit('session.started', { session })
        return session
      })
    },

    close: async (id: number, input: unknown = {}): Promise<Session> => {
      const notes = readOptionalString(asFields(input), 'notes')
      return transactionWithEvents(ctx, async (tx, emit) => {
        await tx.lock(sessionLock(id))
        const session = await getSessionOrThrow(tx, id)
        if (!session.is_active) throw invalidInput('Session is already closed')
        await emitSessionGamesUpdated(tx, emit, await tx.finishPlaying(id))
        await stopFollowingRooms(tx, emit, id)
        await tx.lock(queueLock(id))
        await tx.deleteQueue(id) // the queue is the session's: the next one starts closed and empty
        await tx.closeSession(id, isoNow(ctx), notes === undefined ? session.notes : notes)
        const closed = await getSessionOrThrow(tx, id)
        await emit('session.ended', { session: closed })
        return closed
      })
    },

    /** Deletes a closed session with its games, chat messages and votes. */
    remove: (id: number): Promise<void> =>
      store.transaction(async (tx) => {
        const session = await getSessionOrThrow(tx, id)
        if (session.is_active) throw invalidInput('Cannot delete an active session. Please close it first.')
        await tx.deleteSession(id)
      }),
  }
}
