// What a serving process does for polls in the background:
// - tallies: after votes, `poll.voted` goes out at most once per poll every `tallyIntervalMs`
//   (default 250 ms), carrying the tally as it is when sent, so a burst of 5,000 chat votes
//   makes a few dozen events, not 5,000, and the tally a screen shows lags a vote by at most
//   that interval plus a commit. The closing event carries the exact final count.
// - deadlines: a timer closes the open poll when its time comes, so `poll.closed` and the
//   winner appear without anyone asking. Every server arms one; the first to close wins and
//   the others change nothing. Re-armed when a poll opens (here or on another server) and, as
//   a safety net, every `deadlineCheckMs`.
import { coalesce } from '../common/coalesce.ts'
import type { Core } from '../core.ts'
import { type Clock, systemClock } from '../common/clock.ts'

export interface PollJobsOptions {
  tallyIntervalMs?: number
  deadlineCheckMs?: number
  clock?: Clock
  log?: (line: string) => void
}

interface TallyState { timer: unknown; running: boolean; again: boolean; lastSentAt: number }

const unref = (timer: unknown) => (timer as { unref?: () => void })?.unref?.()

export function createPollJobs(core: Core, options: PollJobsOptions = {}) {
  const clock = options.clock ?? systemClock
  const tallyIntervalMs = options.tallyIntervalMs ?? 250
  const log = options.log ?? (() => {})
  const tallies = new Map<number, TallyState>()
  const running = new Set<Promise<void>>()
  let stopped = true
  let deadline: unknown
  let safety: unknown
  const unsubscribe: (() => void)[] = []

  const track = (work: Promise<void>) => {
    running.add(work)
    void work.finally(() => running.delete(work))
  }

  const forgetIdle = () => {
    for (const [id, state] of tallies) if (!state.running && state.timer === undefined) tallies.delete(id)
  }

  /** A vote committed: make sure a tally read after it goes out. */
  function voted(pollId: number): void {
    if (stopped) return
    let state = tallies.get(pollId)
    if (!state) {
      if (tallies.size >= 100) forgetIdle() // one entry per poll voted on; polls come one at a time
      tallies.set(pollId, state = { timer: undefined, running: false, again: false, lastSentAt: -Infinity })
    }
    if (state.running) return void (state.again = true) // that read may have missed this vote
    if (state.timer !== undefined) return // the scheduled read comes after this commit
    const wait = Math.max(0, state.lastSentAt + tallyIntervalMs - clock.now())
    state.timer = clock.setTimeout(() => {
      state.timer = undefined
      state.running = true
      state.lastSentAt = clock.now()
      track(core.polls.publishTally(pollId)
        .catch((error: unknown) => log(`polls: tally not sent: ${String(error)}`))
        .finally(() => {
          state.running = false
          if (state.again) {
            state.again = false
            voted(pollId)
          }
        }))
    }, wait)
    unref(state.timer)
  }

  const arm = coalesce(async () => {
    if (stopped) return
    try {
      const closesAt = await core.polls.closeIfDue()
      clock.clearTimeout(deadline)
      if (closesAt === null || stopped) return
      deadline = clock.setTimeout(() => void arm.run(), Math.max(0, Date.parse(closesAt) - clock.now()))
      unref(deadline)
    } catch (error) {
      log(`polls: deadline check failed: ${String(error)}`)
    }
  })

  return {
    start(): void {
      if (!stopped) return
      stopped = false
      unsubscribe.push(core.polls.onVote(voted), core.onChange('polls', () => void arm.run()))
      const check = () => {
        safety = clock.setTimeout(() => {
          void arm.run()
          if (!stopped) check()
        }, options.deadlineCheckMs ?? 30_000)
        unref(safety)
      }
      check()
      void arm.run()
    },
    async stop(): Promise<void> {
      stopped = true
      for (const stop of unsubscribe.splice(0)) stop()
      clock.clearTimeout(deadline)
      clock.clearTimeout(safety)
      for (const state of tallies.values()) clock.clearTimeout(state.timer)
      tallies.clear()
      await arm.settled()
      await Promise.all(running)
    },
  }
}

export type PollJobs = ReturnType<typeof createPollJobs>
