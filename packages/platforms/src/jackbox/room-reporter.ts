// At most one room report a second, always ending on the latest state.
import type { Clock, RoomReport } from '@game-picker/core'
import type { Timers } from './timers.ts'

/**
 * Sends a room's reports at most once per interval: a change within the interval waits for its
 * end and then goes out as the latest state (the states in between are dropped), so a busy
 * lobby costs one write and one `room.updated` a second, and the last state is always sent.
 * Reports equal to the last one sent are not sent again.
 */
export function createRoomReporter(options: {
  timers: Timers
  clock: Clock
  intervalMs: number
  send: (report: RoomReport) => void
}) {
  const { timers, clock, intervalMs, send } = options
  let lastKey = ''
  let lastSentAt = -Infinity
  let pending: RoomReport | null = null
  let timer: unknown = null

  function flush() {
    timer = null
    const report = pending
    pending = null
    if (!report) return
    const key = JSON.stringify(report)
    if (key === lastKey) return
    lastKey = key
    lastSentAt = clock.now()
    send(report)
  }

  return {
    changed(report: RoomReport) {
      pending = report
      if (timer !== null) return // the waiting send takes this state
      const wait = lastSentAt + intervalMs - clock.now()
      if (wait <= 0) flush()
      else timer = timers.after(wait, flush)
    },
    /** The last report: sent now, whatever the interval. */
    final(report: RoomReport) {
      timers.cancel(timer)
      timer = null
      pending = report
      lastKey = ''
      flush()
    },
  }
}
