import type { Clock } from '@game-picker/core'
import { until } from './until.ts'

/** A clock that only moves when a test says so; timers fire in due order inside `advance`. */
export interface FakeClock extends Clock {
  /** Moves time forward by `ms`, firing every timer that falls due on the way (including new ones). */
  advance(ms: number): void
  /** Absolute due times of the pending timers, soonest first. */
  dueTimes(): number[]
  /** Waits (real time, briefly) until a timer is due at `time`: the code under test has settled. */
  waitForTimer(time: number): Promise<void>
  /** `waitForTimer(time)`, then advances to it. */
  fireAt(time: number): Promise<void>
}

interface Timer {
  due: number
  seq: number
  fn: () => void
}

export function createFakeClock(start = 0): FakeClock {
  let now = start
  let seq = 0
  const timers = new Set<Timer>()
  const next = () => [...timers].sort((a, b) => a.due - b.due || a.seq - b.seq)[0]

  const clock: FakeClock = {
    now: () => now,
    setTimeout(fn, ms) {
      const timer = { due: now + Math.max(0, ms), seq: seq++, fn }
      timers.add(timer)
      return timer
    },
    clearTimeout(handle) {
      timers.delete(handle as Timer)
    },
    advance(ms) {
      const target = now + ms
      for (let timer = next(); timer && timer.due <= target; timer = next()) {
        timers.delete(timer)
        now = timer.due
        timer.fn()
      }
      now = target
    },
    dueTimes: () => [...timers].map((timer) => timer.due).sort((a, b) => a - b),
    async waitForTimer(time) {
      // The code under test schedules its next timer only after real I/O (HTTP, WebSocket) settles.
      await until(() => clock.dueTimes(), (due) => due.includes(time), 5_000, 5)
    },
    async fireAt(time) {
      await clock.waitForTimer(time)
      clock.advance(time - now)
    },
  }
  return clock
}
