// What a PostgreSQL error means to the store: a race to run again, a database that is not
// there (503), bad text a client sent (400), or a bug (left as it is: a 500 with a log line).
import { DomainError, isDomainError } from '@game-picker/core'

// serialization_failure, deadlock_detected, unique_violation: the core reads before it writes,
// so running the transaction again turns a lost race into the proper domain answer.
const RETRYABLE = new Set(['40001', '40P01', '23505'])

// Classes 08 (connection exception), 53 (insufficient resources: too many connections),
// 57P (operator intervention: shutdown, cannot connect now) and 57014 (a statement timed out).
const UNAVAILABLE_CODE = /^(08|53|57P)|^57014$/
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|timeout expired|Query read timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|connection is insecure|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|ENOTFOUND|EAI_AGAIN/

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

export const isRetryable = (error: unknown): boolean => RETRYABLE.has(codeOf(error) ?? '')

/** The connection is gone or unusable: it must not go back to the pool. */
export function isConnectionError(error: unknown): boolean {
  if (isDomainError(error)) return false
  const code = codeOf(error)
  if (code && UNAVAILABLE_CODE.test(code)) return true
  return error instanceof Error && UNAVAILABLE_MESSAGE.test(`${code ?? ''} ${error.message}`)
}

export const unavailable = () => new DomainError('UNAVAILABLE', 'Database unavailable')

/** The error a caller of the store sees. */
export function toStoreError(error: unknown): unknown {
  if (isDomainError(error)) return error
  if (isConnectionError(error)) return unavailable()
  // PostgreSQL text cannot hold the NUL character, which SQLite stores; refuse it as bad input.
  if (codeOf(error) === '22021' || codeOf(error) === '22P05') {
    return new DomainError('INVALID_INPUT', 'Text must not contain the NUL character (\\u0000)')
  }
  return error
}
