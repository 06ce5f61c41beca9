// The open event streams of this server, over h3's event stream helper. A new
// connection replays what it missed (paced by the client: each replayed event waits until the
// client took the previous one) and then goes live without a gap or a repeat. Live events are
// never awaited: a client that stops reading is dropped once what it has not taken passes a
// bound, and comes back with its last id. Idle connections get a `: ping` every 15 s.
import type { EventFeed, EventType, FeedEvent } from '@game-picker/core'
import { createEventStream, type EventStreamMessage, type H3Event } from 'h3'
import { httpFailure } from './errors.ts'

export interface StreamRequest {
  /** Only these types (null: all). */
  types: ReadonlySet<EventType> | null
  /** Admin connections see `vote.username`. */
  admin: boolean
  /** Resume after this id; null: live from now. */
  lastEventId: number | null
}

export interface EventStreamsOptions {
  feed: EventFeed
  /** Open streams at most (default 1,000); past it 503. */
  maxStreams?: number
  /** A connection that sent nothing this long gets a comment (default 15 s). */
  pingMs?: number
  /** Bytes a client may leave unread before it is dropped (default 1 MiB). */
  maxUnreadBytes?: number
  log?: (line: string) => void
}

// Live events arriving while a connection still replays wait in a backlog; one that has to wait
// for more than this is too far behind and is dropped (it resumes with its last id).
const MAX_BACKLOG = 10_000
const END_TIMEOUT_MS = 1000

export function createEventStreams(options: EventStreamsOptions) {
  const { feed, maxStreams = 1000, pingMs = 15_000, maxUnreadBytes = 1024 * 1024 } = options
  const log = options.log ?? (() => {})
  const open = new Set<Connection>()
  let started: Promise<void> | undefined
  const pinger = setInterval(() => {
    const idleSince = Date.now() - pingMs
    for (const connection of open) connection.pingIfIdleSince(idleSince)
  }, Math.min(1000, pingMs))
  pinger.unref()

  return {
    get count() {
      return open.size
    },
    /** Opens a stream for the request; 503 past the limit. Returns the response body. */
    async open(event: H3Event, request: StreamRequest) {
      if (open.size >= maxStreams) throw httpFailure(503, 'Too many event streams')
      await (started ??= feed.start())
      const connection = connect(event, request, { feed, maxUnreadBytes, log, onEnd: () => open.delete(connection) })
      open.add(connection)
      return connection.body
    },
    /** Ends every stream (server shutdown): clients see a clean end and reconnect elsewhere. */
    async closeAll(): Promise<void> {
      clearInterval(pinger)
      await Promise.all([...open].map((connection) => connection.end()))
      await feed.stop()
    },
  }
}

export type EventStreams = ReturnType<typeof createEventStreams>

interface ConnectionDeps {
  feed: EventFeed
  maxUnreadBytes: number
  log: (line: string) => void
  onEnd: () => void
}

type Connection = ReturnType<typeof connect>

function connect(event: H3Event, request: StreamRequest, deps: ConnectionDeps) {
  const stream = createEventStream(event)
  // A client claiming an id beyond the newest has seen nothing newer: it gets what comes next.
  let sentUpTo = Math.min(request.lastEventId ?? Infinity, deps.feed.position)
  let unread = 0
  let lastWriteAt = Date.now()
  let backlog: FeedEvent[] | null = [] // null once live
  let ended = false

  const unsubscribe = deps.feed.subscribe((feedEvent) => {
    if (!backlog) return void send(feedEvent, false)
    backlog.push(feedEvent)
    if (backlog.length > MAX_BACKLOG) drop()
  })
  stream.onClosed(() => finish())

  function finish() {
    if (ended) return
    ended = true
    unsubscribe()
    deps.onEnd()
  }

  /** Past the bound: cut the connection now (closing politely would wait for the reader). */
  function drop() {
    finish()
    const response = event.runtime?.node?.res
    if (response) response.destroy()
    else void stream.close()
  }

  /** `paced` writes wait for the client; live ones find it still behind by more than the bound: dropped. */
  function write(message: EventStreamMessage, paced: boolean): Promise<void> {
    if (!paced && unread > deps.maxUnreadBytes) return Promise.resolve(drop())
    const bytes = (message.data?.length ?? 0) + 64
    unread += bytes
    lastWriteAt = Date.now()
    return stream.push(message).then(() => void (unread -= bytes))
  }

  /** Sends one event unless it was sent already or is filtered out. */
  function send(feedEvent: FeedEvent, paced: boolean): Promise<void> | undefined {
    if (ended || feedEvent.id <= sentUpTo) return
    sentUpTo = feedEvent.id
    if (request.types && !request.types.has(feedEvent.type)) return
    const data = request.admin ? feedEvent.adminData : feedEvent.publicData
    return write({ id: String(feedEvent.id), event: feedEvent.type, data }, paced)
  }

  async function replayThenGoLive(): Promise<void> {
    // Node sends the response head with the first bytes of the body: without this, a client
    // of a quiet server would not know it is connected until the first ping.
    lastWriteAt = Date.now()
    void stream.pushComment('connected')
    if (request.lastEventId !== null) {
      if (request.lastEventId < (await deps.feed.prunedThrough())) await write({ event: 'reset', data: '{}' }, true)
      for (let after = request.lastEventId; !ended;) {
        const page = await deps.feed.replay(after)
        for (const feedEvent of page) await send(feedEvent, true)
        if (page.length === 0) break
        after = page[page.length - 1].id
      }
    }
    for (const feedEvent of backlog ?? []) void send(feedEvent, false)
    backlog = null
  }

  void replayThenGoLive().catch((error: unknown) => {
    deps.log(`event stream: could not replay, ending it (the client resumes): ${String(error)}`)
    void end()
  })

  async function end(): Promise<void> {
    finish()
    const closed = stream.close()
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, END_TIMEOUT_MS, 'timeout').unref())
    if ((await Promise.race([closed, timeout])) === 'timeout') event.runtime?.node?.res?.destroy()
  }

  return {
    body: stream.send(),
    end,
    pingIfIdleSince(time: number) {
      if (ended || lastWriteAt > time) return
      lastWriteAt = Date.now()
      void stream.pushComment('ping')
    },
  }
}
