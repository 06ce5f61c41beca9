import type { PlayerCheckSink, PlayerCheckUpdate } from './types.ts'

/**
 * Hands updates to the sink one at a time, in order, so a late write can never overtake a newer one
 * (e.g. 'monitoring' landing after 'stopped'). Sink failures are logged, never thrown: a database
 * hiccup must not crash the server or leave an unhandled rejection.
 */
export interface StatusWriter {
  write(sessionGameId: number, change: PlayerCheckUpdate): void
  /** Resolves once every write queued so far has been attempted. */
  flush(): Promise<void>
}

export function createStatusWriter(sink: PlayerCheckSink, log: (message: string) => void): StatusWriter {
  let queue = Promise.resolve()
  return {
    write(sessionGameId, change) {
      queue = queue
        .then(() => sink.update(sessionGameId, change))
        .catch((error: unknown) => {
          log(`session game ${sessionGameId}: could not record ${change.status}: ${String(error)}`)
        })
    },
    flush: () => queue,
  }
}
