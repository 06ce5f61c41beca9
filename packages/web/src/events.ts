// The live event stream (Server-Sent Events at /api/events): one connection per page, opened
// while something listens. The browser resumes it with Last-Event-ID after a drop; when the
// server refused it (the EventSource gave up), a new one resumes from the last id seen.
import { useEffect, useRef, useState } from 'preact/hooks'

/** `open` is not a server event: it says the stream (re)connected, so views reload their state. */
export type LiveEventType =
  | 'open' | 'reset' | 'session.started' | 'session.ended' | 'game.added' | 'vote.received' | 'session_game.updated'
  | 'poll.opened' | 'poll.voted' | 'poll.closed'
  | 'chat.connected' | 'chat.disconnected' | 'room.updated' | 'room.ended' | 'queue.updated'

export type LiveListener = (type: LiveEventType, data: any) => void
export type StreamState = 'connecting' | 'live' | 'disconnected'

const SERVER_EVENTS: LiveEventType[] = [
  'reset', 'session.started', 'session.ended', 'game.added', 'vote.received', 'session_game.updated',
  'poll.opened', 'poll.voted', 'poll.closed', 'chat.connected', 'chat.disconnected', 'room.updated', 'room.ended',
  'queue.updated',
]
const RETRY_MS = 2000

const listeners = new Set<LiveListener>()
const stateListeners = new Set<(state: StreamState) => void>()
let source: EventSource | null = null
let retry: ReturnType<typeof setTimeout> | undefined
let lastEventId = ''
let state: StreamState = 'connecting'

function setState(next: StreamState): void {
  state = next
  for (const listener of stateListeners) listener(next)
}

function emit(type: LiveEventType, data: unknown): void {
  for (const listener of listeners) listener(type, data)
}

function connect(): void {
  retry = undefined
  const stream = new EventSource(lastEventId ? `/api/events?lastEventId=${lastEventId}` : '/api/events')
  source = stream
  stream.onopen = () => {
    setState('live')
    emit('open', null)
  }
  stream.onerror = () => {
    setState('disconnected')
    if (stream.readyState !== EventSource.CLOSED) return
    source = null
    retry = setTimeout(connect, RETRY_MS)
  }
  for (const type of SERVER_EVENTS) {
    stream.addEventListener(type, (message: MessageEvent<string>) => {
      if (message.lastEventId) lastEventId = message.lastEventId
      // A body is the webhook wire body { event, timestamp, data }; `reset` carries {}.
      const body = JSON.parse(message.data)
      emit(type, body?.data ?? body)
    })
  }
}

function disconnect(): void {
  clearTimeout(retry)
  retry = undefined
  source?.close()
  source = null
  setState('connecting')
}

/** Calls `listener` for every live event while the component is mounted. */
export function useLiveEvents(listener: LiveListener): void {
  const current = useRef(listener)
  current.current = listener
  useEffect(() => {
    const forward: LiveListener = (type, data) => current.current(type, data)
    listeners.add(forward)
    if (!source && retry === undefined) connect()
    return () => {
      listeners.delete(forward)
      if (listeners.size === 0) disconnect()
    }
  }, [])
}

export function useStreamState(): StreamState {
  const [current, setCurrent] = useState(state)
  useEffect(() => {
    stateListeners.add(setCurrent)
    return () => void stateListeners.delete(setCurrent)
  }, [])
  return current
}
