// Waiting for something that happens in another process or over the network (a server takes a
// lease, a fake sees a connection): read it again until it holds, or fail saying what was last seen.

/** Reads `read()` every `everyMs` until `done` holds for its value; throws after `timeoutMs`. */
export async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 10_000, everyMs = 25): Promise<T> {
  for (const end = Date.now() + timeoutMs; ;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > end) throw new Error(`condition not reached in ${timeoutMs} ms; last value ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
