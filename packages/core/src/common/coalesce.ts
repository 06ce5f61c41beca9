// A task that many signals can ask for: asked while it runs, it runs once more afterwards, so a
// burst of wake-ups costs at most one extra run and no signal is missed.

export interface Coalesced {
  /** Runs the task now, or once more after the current run; resolves when that run is done. */
  run(): Promise<void>
  /** Resolves when no run is under way. */
  settled(): Promise<void>
}

/** `task` must not throw: report its failures itself. */
export function coalesce(task: () => Promise<void>): Coalesced {
  let running: Promise<void> | null = null
  let again = false
  return {
    run() {
      if (running) {
        again = true
        return running
      }
      running = (async () => {
        do {
          again = false
          await task()
        } while (again)
      })().finally(() => (running = null))
      return running
    },
    settled: async () => void (await running),
  }
}
