/** Reads `read` until `done` holds (every 25 ms), or throws with the last value after `timeoutMs`. */
export async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  for (const end = Date.now() + timeoutMs; ;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > end) throw new Error(`condition not reached in ${timeoutMs} ms; last value ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
