// The monitors' writes to the domain's sink, one at a time and in order.
import type { PlayerCheckSink, PlayerCheckUpdate, RoomReport } from '@game-picker/core'

/**
 * Hands updates to the sink one at a time, in order, so a late write can never overtake a newer one
 * (e.g. 'monitoring' landing after 'stopped'). Sink failures are logged, never thrown: a database
 * hiccup must not crash the server or leave an unhandled rejection.
 */
export interface StatusWriter {
  write(sessionGameId: number, change: PlayerCheckUpdate): void
  writeRoom(sessionGameId: number, report: RoomReport): void
  /** Resolves once every write queued so far has been attempted. */
  flush(): Promise<void>
}

export function createStatusWriter(sink: PlayerCheckSink, log: (message: string) => void): StatusWriter {
  let queue = Promise.resolve()
  const enqueue = (sessionGameId: number, what: string, write: () => Promise<void>) => {
    queue = queue.then(write).catch((error: unknown) => {
      log(`session game ${sessionGameId}: could not record ${what}: ${String(error)}`)
    })
  }
  return {
    write: (sessionGameId, change) => enqueue(sessionGameId, change.status, () => sink.update(sessionGameId, change)),
    writeRoom: (sessionGameId, report) =>
      enqueue(sessionGameId, `the room (${report.state})`, () => sink.room(sessionGameId, report)),
    flush: () => queue,
  }
}
