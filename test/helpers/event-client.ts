// A real EventSource client (the `eventsource` package, as a script or bot would use) that
// collects what a server's live event stream sends; closed when the test finishes.
import { EVENT_TYPES } from '@game-picker/core'
import { EventSource } from 'eventsource'
import { onTestFinished } from 'vitest'
import { until } from './until.ts'

export interface ReceivedEvent {
  id: string
  event: string
  /** The raw `data:` text. */
  data: string
}

const TYPES = [...EVENT_TYPES, 'reset']

export interface EventClient {
  events: ReceivedEvent[]
  errors: number
  /** Resolves when the server has answered the (first) connection. */
  opened: Promise<void>
  /** Resolves with the events once at least `count` have arrived. */
  until(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>
  close(): void
}

/** Connects to `${url}/api/events${query}`; `headers` go on every (re)connection. */
export function connectEvents(url: string, query = '', headers: Record<string, string> = {}): EventClient {
  const events: ReceivedEvent[] = []
  const source = new EventSource(`${url}/api/events${query}`, {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, ...headers } }),
  })
  const client: EventClient = {
    events,
    errors: 0,
    opened: new Promise((resolve) => source.addEventListener('open', () => resolve(), { once: true })),
    until: (count, timeoutMs = 10_000) => until(() => events, (seen) => seen.length >= count, timeoutMs, 20),
    close: () => source.close(),
  }
  for (const type of TYPES) {
    source.addEventListener(type, (message) => void events.push({ id: message.lastEventId, event: type, data: message.data }))
  }
  source.addEventListener('error', () => void (client.errors += 1))
  onTestFinished(() => source.close())
  return client
}

/** Opens the stream and resolves once the server answered, so a write that follows is live for it. */
export async function connectedEvents(url: string, query = '', headers: Record<string, string> = {}): Promise<EventClient> {
  const client = connectEvents(url, query, headers)
  await client.opened
  return client
}
