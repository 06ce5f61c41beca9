// The active session's viewer queue, kept current from the live event stream: `queue.updated`
// carries the whole queue, the latest state; a (re)connection or a new session loads it again,
// and a session's end leaves none (without asking: the answer would be a 404). A load that an
// event crossed is dropped: the event may be the newer state, and a change after the load's own
// would bring another event, so the event is always safe.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import { findQueue } from './api.ts'
import { useLiveEvents } from './events.ts'
import type { Queue, QueueEvent, Session } from './types.ts'

const RELOADED_BY = new Set(['open', 'reset', 'session.started'])

/** `queue` is undefined until loaded, null while no session is active. */
export function useQueue() {
  const [queue, setQueue] = useState<Queue | null>()
  const [error, setError] = useState<unknown>(null)
  const eventsSeen = useRef(0)

  const reload = useCallback(async () => {
    const seenBefore = eventsSeen.current
    try {
      const loaded = await findQueue()
      if (eventsSeen.current === seenBefore) setQueue(loaded)
      setError(null)
    } catch (failure) {
      setError(failure)
    }
  }, [])
  useEffect(() => void reload(), [])

  // A closed session's queue may still send its last update (its game settled as it closed).
  const endedSessions = useRef(new Set<number>())
  useLiveEvents((type, event) => {
    if (type === 'session.ended') {
      eventsSeen.current++
      endedSessions.current.add((event as { session: Session }).session.id)
      setQueue(null)
    } else if (type === 'queue.updated' && !endedSessions.current.has((event as QueueEvent).session_id)) {
      eventsSeen.current++
      setQueue((event as QueueEvent).queue)
    } else if (RELOADED_BY.has(type)) void reload()
  })
  return { queue, error, reload }
}

export const waitingEntries = (queue: Queue) => queue.entries.filter((entry) => entry.state === 'waiting')
export const seatedEntries = (queue: Queue) => queue.entries.filter((entry) => entry.state !== 'waiting')
