// The viewer queue of the active session: open and close it, viewers join and leave from chat
// or are added by hand, and the host seats the next ones for the game playing (seating.ts).
import { type CoreContext, isoNow } from '../common/context.ts'
import { conflict, invalidInput, notFound } from '../common/errors.ts'
import { batched } from '../common/batches.ts'
import { type Emit, transactionWithEvents } from '../events/events.ts'
import { getGameOrThrow } from '../catalogue/games.ts'
import type { QueueEntryRecord, QueueRecord, StoreReads, StoreTx } from '../store/store.ts'
import type { Queue, QueueEntry, Session } from '../common/types.ts'
import { readEntryName, readHostPlayers, readSeatCount } from './queue-input.ts'
import { createQueueEventSender, playingGame, queueChanged, queueLock, readQueue } from './queue-events.ts'
import { EMPTY_QUEUE, toEntryView, waitingLine } from './queue-view.ts'
import { seatEntries } from './seating.ts'
import { seatName } from './seat-names.ts'

/** More would make every change of a busy chat's queue a long read. */
export const QUEUE_MAX = 200

const NO_ACTIVE_SESSION = 'No active session'

/** A viewer as a chat platform names them: the voter identity and the display name. */
export interface Viewer { user: string; name: string }

type ChatCommand = { join: Viewer } | { leave: string }

/** What a `!join` or `/join` did: `joined` (or was there already) at `position` (null: seated). */
export type JoinOutcome =
  | { kind: 'joined' | 'already'; position: number | null }
  | { kind: 'closed' }
  | { kind: 'full' }

async function activeSessionOrThrow(tx: StoreReads): Promise<Session> {
  const session = await tx.getActiveSession()
  if (!session) throw notFound(NO_ACTIVE_SESSION)
  return session
}

const positionOf = (entries: readonly QueueEntryRecord[], id: number) => {
  const index = waitingLine(entries).findIndex((entry) => entry.id === id)
  return index === -1 ? null : index + 1
}

export function createQueue(ctx: CoreContext) {
  const { store } = ctx

  /** A change of the active session's queue, under its lock, with its (throttled) event. */
  const change = <T>(fn: (tx: StoreTx, session: Session, queue: QueueRecord, emit: Emit) => Promise<T>) =>
    transactionWithEvents(ctx, async (tx, emit) => {
      const session = await activeSessionOrThrow(tx)
      await tx.lock(queueLock(session.id))
      const result = await fn(tx, session, (await tx.getQueue(session.id)) ?? EMPTY_QUEUE(session.id), emit)
      await queueChanged(ctx, tx, emit, session.id)
      return result
    })

  const current = (tx: StoreReads, session: Session) => readQueue(tx, session.id)

  /** Adds a viewer at the end of the waiting line (the fair order places them). */
  const insert = (tx: StoreTx, session: Session, viewer: Viewer) => tx.insertQueueEntry({
    session_id: session.id, user: viewer.user, name: viewer.name, seat_name: seatName(viewer.name, viewer.user),
    state: 'waiting', games_played: 0, joined_at: isoNow(ctx), session_game_id: null, seat_order: null,
  })

  /** The chats' joins and leaves, applied in order, those that arrive together in one transaction. */
  const fromChat = batched<ChatCommand, JoinOutcome | boolean>((commands) => transactionWithEvents(ctx, async (tx, emit) => {
    const session = await tx.getActiveSession()
    if (!session) return commands.map((command) => ('join' in command ? { kind: 'closed' } as const : false))
    await tx.lock(queueLock(session.id))
    const queue = await tx.getQueue(session.id)
    let entries = await tx.listQueueEntries(session.id)
    const answers = []
    for (const command of commands) {
      if ('leave' in command) {
        const entry = entries.find((candidate) => candidate.user === command.leave)
        if (entry) await tx.deleteQueueEntry(entry.id)
        entries = entries.filter((candidate) => candidate !== entry)
        answers.push(entry !== undefined)
      } else if (entries.some((entry) => entry.user === command.join.user)) {
        answers.push({ kind: 'already', user: command.join.user } as const)
      } else if (!queue?.open) {
        answers.push({ kind: 'closed' } as const)
      } else if (entries.length >= QUEUE_MAX) {
        answers.push({ kind: 'full' } as const)
      } else {
        entries = [...entries, await insert(tx, session, command.join)]
        answers.push({ kind: 'joined', user: command.join.user } as const)
      }
    }
    if (answers.some((answer) => answer === true || (typeof answer === 'object' && answer.kind === 'joined'))) {
      await queueChanged(ctx, tx, emit, session.id)
    }
    // Positions as they are after the whole batch.
    return answers.map((answer) => {
      if (typeof answer !== 'object' || !('user' in answer)) return answer
      const entry = entries.find((candidate) => candidate.user === answer.user)!
      return { kind: answer.kind, position: positionOf(entries, entry.id) }
    })
  }))

  const sender = createQueueEventSender(ctx)

  return {
    /** GET /api/queue. */
    get: (): Promise<Queue> => store.read(async (tx) => current(tx, await activeSessionOrThrow(tx))),

    /** POST /api/queue/open: new joins are taken; `host_players` kept when absent. */
    open: async (input: unknown = {}): Promise<Queue> => {
      const hostPlayers = readHostPlayers(input)
      return change(async (tx, session, queue) => {
        await tx.saveQueue({ ...queue, open: 1, host_players: hostPlayers ?? queue.host_players })
        return current(tx, session)
      })
    },

    /** POST /api/queue/close: new joins are refused; the entries stay and may still leave. */
    close: (): Promise<Queue> => change(async (tx, session, queue) => {
      await tx.saveQueue({ ...queue, open: 0 })
      return current(tx, session)
    }),

    /** POST /api/queue/entries: a viewer added by hand (open or closed), as `host:NAME`. */
    add: async (input: unknown): Promise<QueueEntry> => {
      const name = readEntryName(input)
      return change(async (tx, session) => {
        const entries = await tx.listQueueEntries(session.id)
        const user = `host:${name}`
        if (entries.some((entry) => entry.user === user)) throw conflict('Already in the queue')
        if (entries.length >= QUEUE_MAX) throw conflict('The queue is full')
        const entry = await insert(tx, session, { user, name })
        return toEntryView(entry, positionOf([...entries, entry], entry.id))
      })
    },

    /** DELETE /api/queue/entries/{id}. */
    remove: (id: number): Promise<QueueEntry> => change(async (tx, session) => {
      const entries = await tx.listQueueEntries(session.id)
      const entry = entries.find((candidate) => candidate.id === id)
      if (!entry) throw notFound('Queue entry not found')
      await tx.deleteQueueEntry(id)
      return toEntryView(entry, positionOf(entries, id))
    }),

    /**
     * POST /api/queue/seat: seats the first `count` waiting viewers for the game playing (without
     * a count: its max players less the host's). With no game playing, they are seated for the
     * next game to start.
     */
    seat: async (input: unknown = {}): Promise<Queue> => {
      const count = readSeatCount(input)
      return change(async (tx, session, queue) => {
        const playing = await playingGame(tx, session.id)
        if (count === undefined && !playing) throw invalidInput('count is required when no game is playing')
        const seats = count ?? (await getGameOrThrow(tx, playing!.game_id)).max_players - queue.host_players
        const room = playing && await tx.getRoom(playing.id)
        await seatEntries(tx, await tx.listQueueEntries(session.id), seats, playing?.id ?? null, room)
        return current(tx, session)
      })
    },

    /** `!join` or `/join` from a chat: changes nothing when closed, full, or already in. */
    join: (viewer: Viewer): Promise<JoinOutcome> => fromChat({ join: viewer }) as Promise<JoinOutcome>,

    /** `!leave` or `/leave`: removes the viewer's entry in any state; false when they had none. */
    leave: (user: string): Promise<boolean> => fromChat({ leave: user }) as Promise<boolean>,

    /**
     * Sends a pending `queue.updated` when its second is over: called when this process marked one
     * (createCore wires it), and by a server every few seconds for those another process left.
     */
    sendPendingEvent: () => sender.sendLater(),

    /** The process ends: no more sending (what is pending stays marked for a server). */
    stopSending: sender.close,
  }
}

export type ViewerQueue = ReturnType<typeof createQueue>
