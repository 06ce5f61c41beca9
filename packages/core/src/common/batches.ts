// Items that arrive while a batch is being written wait and go together in the next one: one
// transaction, so one commit and one flush to disk, for a burst, however many items it holds.
// A chat of hundreds of messages a second costs a few commits a second, not hundreds that would
// each wait for the one before (they take the same lock).

/** At most this many items in one batch, so one transaction stays short. */
const BATCH_MAX = 200

/**
 * Returns `submit(item)`, which resolves with `write`'s answer for that item. `write` answers
 * every item of a batch, in order; if it throws, every item of that batch rejects with its error.
 */
export function batched<I, O>(write: (items: I[]) => Promise<O[]>): (item: I) => Promise<O> {
  let waiting: { item: I; resolve: (answer: O) => void; reject: (error: unknown) => void }[] = []
  let writing = false

  async function drain(): Promise<void> {
    writing = true
    while (waiting.length > 0) {
      const batch = waiting.slice(0, BATCH_MAX)
      waiting = waiting.slice(BATCH_MAX)
      try {
        const answers = await write(batch.map((entry) => entry.item))
        batch.forEach((entry, index) => entry.resolve(answers[index]!))
      } catch (error) {
        for (const entry of batch) entry.reject(error)
      }
    }
    writing = false
  }

  return (item) => new Promise<O>((resolve, reject) => {
    waiting.push({ item, resolve, reject })
    if (!writing) void drain()
  })
}
