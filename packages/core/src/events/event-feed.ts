// The live side of the event log for one server: it reads new events once (woken by this
// server's commits, another server's through the store, and a slow poll as a safety net) and
// hands each to every subscriber in id order, so a thousand streams cost one query, not a
// thousand. Each event comes with its wire body twice: in full for admin connections, and
// without `vote.username` for everyone else.
import { coalesce } from '../common/coalesce.ts'
import type { Core } from '../core.ts'
import type { EventType } from './events.ts'
import type { StoredEvent } from '../store/store.ts'

export interface FeedEvent {
  id: number
  type: EventType
  /** The wire body `{ event, timestamp, data }` as an admin connection sees it. */
  adminData: string
  /** The same for everyone else: `vote.received` without `vote.username`. */
  publicData: string
}

export interface EventFeedOptions {
  /** How often to look for events nobody told us about (default 2 s). */
  pollMs?: number
  log?: (message: string) => void
}

const PAGE = 500

export function toFeedEvent(event: StoredEvent): FeedEvent {
  return { id: event.id, type: event.type as EventType, adminData: event.body, publicData: withoutVoter(event) }
}

function withoutVoter(event: StoredEvent): string {
  if (event.type !== 'vote.received') return event.body
  const body = JSON.parse(event.body) as { data: { vote: Record<string, unknown> } }
  const { username: _username, ...vote } = body.data.vote
  body.data.vote = vote
  return JSON.stringify(body)
}

export function createEventFeed(core: Core, options: EventFeedOptions = {}) {
  const log = options.log ?? (() => {})
  const listeners = new Set<(event: FeedEvent) => void>()
  let position = 0
  let timers: NodeJS.Timeout[] = []
  let unsubscribe = () => {}

  async function readNew(): Promise<void> {
    for (;;) {
      const page = await core.events.after(position, PAGE)
      for (const stored of page) {
        const event = toFeedEvent(stored)
        position = event.id
        for (const listener of listeners) listener(event)
      }
      if (page.length < PAGE) return
    }
  }

  /** Reads what is new; calls while a read runs coalesce into one more. */
  const reader = coalesce(() => readNew().catch((error: unknown) => log(`event feed: ${String(error)}`)))
  const wake = () => reader.run()

  return {
    /** Starts at the newest event: subscribers get what commits from now on. */
    async start(): Promise<void> {
      position = await core.events.lastId()
      unsubscribe = core.onChange('events', () => void wake())
      timers = [setInterval(() => void wake(), options.pollMs ?? 2000)]
      for (const timer of timers) timer.unref()
    },
    /** The id of the last event handed to subscribers. */
    get position() {
      return position
    },
    /** Every event after `position` (at the time of subscribing), in id order. Returns an unsubscribe. */
    subscribe(listener: (event: FeedEvent) => void): () => void {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    /** Stored events after `afterId` (a client resuming), in id order. */
    replay: async (afterId: number, limit = PAGE): Promise<FeedEvent[]> =>
      (await core.events.after(afterId, limit)).map(toFeedEvent),
    prunedThrough: () => core.events.prunedThrough(),
    wake,
    async stop(): Promise<void> {
      unsubscribe()
      for (const timer of timers) clearInterval(timer)
      await reader.settled()
      listeners.clear()
    },
  }
}

export type EventFeed = ReturnType<typeof createEventFeed>
