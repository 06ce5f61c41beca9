// Which outcomes end a delivery and when the next attempt is due.

export function isSuccess(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300
}

/** No response (network error, timeout), 429 and 5xx may pass; anything else will not. */
export function isRetryable(status: number | null): boolean {
  return status === null || status === 429 || (status >= 500 && status < 600)
}

/**
 * The time of the next attempt, or null when the delivery is finished. `retryDelaysMs[n - 1]`
 * is the wait after attempt n, so there are at most `retryDelaysMs.length + 1` attempts. The
 * wait counts from the end of the attempt, so a 5 s timeout does not eat the back-off.
 */
export function planNextAttempt(
  status: number | null,
  attemptNumber: number,
  retryDelaysMs: readonly number[],
  finishedAt: Date,
): Date | null {
  if (isSuccess(status) || !isRetryable(status)) return null
  const delay = retryDelaysMs[attemptNumber - 1]
  return delay === undefined ? null : new Date(finishedAt.getTime() + delay)
}

/** The log's error_message: null on success, so a non-null message always marks a failure. */
export function describeOutcome(status: number | null, transportError: string | null): string | null {
  if (transportError !== null) return transportError
  return isSuccess(status) ? null : `HTTP ${status}`
}
