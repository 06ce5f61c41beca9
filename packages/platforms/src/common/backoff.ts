// How long a client waits before asking an outside service again after trouble: doubling, capped.
/** Doubling delay after each consecutive failure, capped, back to the base delay after a success. */
export interface Backoff {
  fail(): void
  reset(): void
  delay(baseMs: number): number
}

export function createBackoff(maxMs: number): Backoff {
  let failures = 0
  return {
    fail: () => {
      failures += 1
    },
    reset: () => {
      failures = 0
    },
    delay: (baseMs) => (failures === 0 ? baseMs : Math.min(maxMs, baseMs * 2 ** failures)),
  }
}
