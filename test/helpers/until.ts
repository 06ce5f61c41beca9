// Waiting for something that happens in another process or over the network (a server takes a
// lease, a fake sees a connection): read it again until it holds, or fail saying what was last seen.

/**
 * Reads `read()` until `done` holds for its value; throws after `timeoutMs`. The reads come 10 ms
 * apart at first, then ever further apart up to `everyMs`: a state that comes at once is seen at
 * once, and a wait for a lease to run out does not spend the CPU the rest of the suite needs on
 * a request every 25 ms. A read that throws (a connection reset while a busy server closed an
 * idle keep-alive socket) is read again; if the time runs out, its error is the one reported.
 */
export async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 10_000, everyMs = 250): Promise<T> {
  for (let end = Date.now() + timeoutMs, pause = Math.min(10, everyMs); ; pause = Math.min(2 * pause, everyMs)) {
    let last: { value: T } | { error: unknown }
    try {
      const value = await read()
      if (done(value)) return value
      last = { value }
    } catch (error) {
      last = { error }
    }
    if (Date.now() > end) {
      if ('error' in last) throw last.error
      throw new Error(`condition not reached in ${timeoutMs} ms; last value ${JSON.stringify(last.value)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, pause))
  }
}
