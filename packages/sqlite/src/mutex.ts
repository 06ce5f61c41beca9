// A FIFO async mutex. sql.js has one connection and a transaction may await between
// statements, so every read and write must run alone, in arrival order.

export interface Mutex {
  run<T>(fn: () => T | Promise<T>): Promise<T>
}

export function createMutex(): Mutex {
  let tail: Promise<unknown> = Promise.resolve()
  return {
    run<T>(fn: () => T | Promise<T>): Promise<T> {
      const result = tail.then(fn)
      // The next caller waits for this one to settle, whether it succeeded or not.
      tail = result.then(ignore, ignore)
      return result
    },
  }
}

function ignore(): void {}
