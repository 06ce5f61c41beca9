// `queue.updated`: at most one a second, the latest state always sent. A change emits at once
// when the last event is a second old; otherwise it marks the queue pending, and this process
// (told through `changed('queue')`) sends the state as it then is when the second is over; a
// server also looks for pending events at start and every few seconds (one a CLI left).
// Marking and sending happen under the queue's lock, in the transactions that change the
// queue, so several servers send one event for a burst of changes, never a stale one last.
import { type CoreContext, isoNow } from '../common/context.ts'
import { type Emit, transactionWithEvents } from '../events/events.ts'
import type { QueueEntryRecord, QueueRecord, StoreReads, StoreTx } from '../store/store.ts'
import type { Queue } from '../common/types.ts'
import { EMPTY_QUEUE, toQueueView } from './queue-view.ts'

export const QUEUE_EVENT_MS = 1000

/** Serializes every change of one session's queue across servers (taken after the session's and a room's locks). */
export const queueLock = (sessionId: number) => `queue:${sessionId}`

/** The session's game playing now, if any. */
export const playingGame = async (tx: StoreReads, sessionId: number) =>
  (await tx.listSessionGames(sessionId)).find((row) => row.status === 'playing') ?? null

/** The game the seats are for: the seated entries', else the session's playing game. */
async function seatedGameId(tx: StoreReads, sessionId: number, entries: readonly QueueEntryRecord[]): Promise<number | null> {
  const seated = entries.find((entry) => entry.state !== 'waiting' && entry.session_game_id !== null)
  return seated ? seated.session_game_id : (await playingGame(tx, sessionId))?.id ?? null
}

/** The session's queue as the API shows it, read in `tx`. */
export async function readQueue(tx: StoreReads, sessionId: number, stored?: QueueRecord | null): Promise<Queue> {
  const queue = (stored === undefined ? await tx.getQueue(sessionId) : stored) ?? EMPTY_QUEUE(sessionId)
  const entries = await tx.listQueueEntries(sessionId)
  const gameId = await seatedGameId(tx, sessionId, entries)
  return toQueueView(queue, entries, gameId === null ? null : await tx.getRoom(gameId))
}

async function emitNow(ctx: CoreContext, tx: StoreTx, emit: Emit, queue: QueueRecord): Promise<void> {
  await emit('queue.updated', { session_id: queue.session_id, queue: await readQueue(tx, queue.session_id, queue) })
  await tx.saveQueue({ ...queue, event_at: isoNow(ctx), event_pending: 0 })
}

/** Milliseconds until the queue's next event may be sent (0: now). */
const waitFor = (ctx: CoreContext, queue: QueueRecord) =>
  queue.event_at === null ? 0 : Math.max(0, QUEUE_EVENT_MS - (ctx.now().getTime() - Date.parse(queue.event_at)))

/** Call in the transaction that changed the session's queue, holding its lock. */
export async function queueChanged(ctx: CoreContext, tx: StoreTx, emit: Emit, sessionId: number): Promise<void> {
  const queue = (await tx.getQueue(sessionId)) ?? EMPTY_QUEUE(sessionId)
  if (waitFor(ctx, queue) === 0) return emitNow(ctx, tx, emit, queue)
  if (!queue.event_pending) await tx.saveQueue({ ...queue, event_pending: 1 })
  ctx.changed('queue')
}

/**
 * Sends the pending state once its second has passed. Resolves with the milliseconds to wait
 * before asking again, or null when nothing waits.
 */
async function sendPendingQueueEvent(ctx: CoreContext, tx: StoreTx, emit: Emit, sessionId: number): Promise<number | null> {
  await tx.lock(queueLock(sessionId))
  const queue = await tx.getQueue(sessionId)
  if (!queue?.event_pending) return null
  const wait = waitFor(ctx, queue)
  if (wait === 0) await emitNow(ctx, tx, emit, queue)
  return wait === 0 ? null : wait
}

/**
 * This process's sending of the events left pending. On word of one (`sendLater`: this process
 * marked it, or a server's periodic look), it asks when the event may go (a second after the last
 * one, whichever server sent it) and sends it at that moment: a change waits no longer than the
 * rule makes it. One timer or one look at a time; a change marked during a look is looked at after
 * it. A look that finds nothing pending is a read, not a write.
 */
export function createQueueEventSender(ctx: CoreContext) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let looking: Promise<void> | undefined
  let lookAgain = false
  let closed = false

  const pending = () => ctx.store.read(async (tx) => {
    const session = await tx.getActiveSession()
    return session !== null && (await tx.getQueue(session.id))?.event_pending === 1
  })
  const sendPending = () => transactionWithEvents(ctx, async (tx, emit) => {
    const session = await tx.getActiveSession()
    return session ? sendPendingQueueEvent(ctx, tx, emit, session.id) : null
  })

  const look = async () => {
    lookAgain = false
    // The store busy or gone: try again in a second.
    const next = await pending().then((waiting) => (waiting ? sendPending() : null)).catch(() => QUEUE_EVENT_MS)
    looking = undefined
    if (next !== null || lookAgain) sendLater(next ?? 0)
  }

  function sendLater(delayMs = 0): void {
    if (looking) lookAgain = true
    if (timer || looking || closed) return
    timer = setTimeout(() => {
      timer = undefined
      looking = look()
    }, delayMs)
    timer.unref?.()
  }

  return {
    sendLater,
    /**
     * The process ends: no more looks. An event still pending stays marked in the store, and a
     * server sends it (servers look at start and every few seconds), so a command of the CLI
     * never waits out the second.
     */
    async close(): Promise<void> {
      closed = true
      clearTimeout(timer)
      timer = undefined
      await looking
    },
  }
}
