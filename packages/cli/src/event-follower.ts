// Follows a server's live event stream with a standard EventSource client: it reconnects by
// itself after a dropped connection, resuming with Last-Event-ID, so nothing is missed or
// repeated. A server that refused the stream for a while (503: too many streams, database
// unavailable) is tried again with the last id; a refusal that will not change (400, 403) ends it.
import { EVENT_TYPES, type EventType } from '@game-picker/core'
import { EventSource, type ErrorEvent } from 'eventsource'

export interface StreamEvent {
  id: number | null
  event: EventType | 'reset'
  timestamp?: string
  data: unknown
}

export interface FollowOptions {
  url: string
  types: ReadonlySet<EventType> | null
  /** A bearer token: admin connections see who voted. */
  token?: string
  onEvent(event: StreamEvent): void
  /** Connection news for the person watching ("Disconnected, reconnecting ..."). */
  onStatus(message: string): void
  retryMs?: number
}

export interface Follower {
  /** Resolves when the stream was refused for good, with the status. */
  readonly failed: Promise<{ status: number | undefined; message: string }>
  close(): void
}

export function followEvents(options: FollowOptions): Follower {
  let lastId: number | null = null
  let source: EventSource | undefined
  let retry: NodeJS.Timeout | undefined
  let fail: (failure: { status: number | undefined; message: string }) => void = () => {}
  const failed = new Promise<{ status: number | undefined; message: string }>((resolve) => (fail = resolve))

  function connect() {
    const url = new URL('/api/events', options.url)
    if (options.types) url.searchParams.set('events', [...options.types].join(','))
    if (lastId !== null) url.searchParams.set('lastEventId', String(lastId))
    const headers: Record<string, string> = options.token ? { Authorization: `Bearer ${options.token}` } : {}
    let refusal: string | undefined // the API's { error } when the stream is refused
    const current = new EventSource(url, {
      fetch: async (input, init) => {
        const response = await fetch(input, { ...init, headers: { ...init.headers, ...headers } })
        if (response.ok) return response
        refusal = await response.json().then((body) => (body as { error?: string }).error, () => undefined)
        return new Response(null, { status: response.status })
      },
    })
    source = current
    let lostAfterOpen = false
    for (const type of [...EVENT_TYPES, 'reset'] as const) {
      current.addEventListener(type, (message) => {
        const body = JSON.parse(message.data) as { timestamp?: string; data?: unknown }
        if (message.lastEventId) lastId = Number(message.lastEventId)
        options.onEvent({ id: type === 'reset' ? null : lastId, event: type, timestamp: body.timestamp, data: type === 'reset' ? {} : body.data })
      })
    }
    current.addEventListener('open', () => {
      options.onStatus(lostAfterOpen || lastId !== null ? 'Reconnected.' : `Following ${options.url} (Ctrl-C to stop).`)
    })
    current.addEventListener('error', (error: ErrorEvent) => {
      if (current.readyState !== EventSource.CLOSED) {
        lostAfterOpen = true
        return options.onStatus('Disconnected, reconnecting ...')
      }
      const message = refusal ?? error.message ?? 'server unavailable'
      if (error.code === 503 || error.code === undefined) {
        options.onStatus(`Disconnected (${message}), retrying ...`)
        retry = setTimeout(connect, options.retryMs ?? 3000)
        return
      }
      fail({ status: error.code, message })
    })
  }

  connect()
  return {
    failed,
    close() {
      clearTimeout(retry)
      source?.close()
    },
  }
}
