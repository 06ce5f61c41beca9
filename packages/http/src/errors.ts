// How errors become responses: domain codes map to statuses in one table; anything else is a
// 500 whose details stay in the log.
import { type DomainErrorCode, isDomainError } from '@game-picker/core'
import type { HeaderList } from './respond.ts'

export const STATUS_BY_CODE = {
  INVALID_INPUT: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED: 503,
  UNAVAILABLE: 503,
  RATE_LIMITED: 429,
} satisfies Record<DomainErrorCode, number>

const BRAND = '__game_picker_http_failure__'

/** An HTTP-only failure (auth, body limits, routing): a status and the error body. */
export interface HttpFailure {
  [BRAND]: true
  status: number
  body: { error: string } & Record<string, unknown>
  /** Extra response headers (e.g. `connection: close`). */
  headers?: HeaderList
}

export function httpFailure(status: number, error: string, headers?: HeaderList): HttpFailure {
  return { [BRAND]: true, status, body: { error }, headers }
}

const isHttpFailure = (value: unknown): value is HttpFailure =>
  typeof value === 'object' && value !== null && BRAND in value

export function toErrorResponse(
  error: unknown, log: (line: string) => void,
): { status: number; body: object; headers?: HeaderList } {
  if (isHttpFailure(error)) return error
  if (isDomainError(error)) {
    return { status: STATUS_BY_CODE[error.code], body: { error: error.message, ...error.details } }
  }
  log(`Unexpected error: ${error instanceof Error ? error.stack : String(error)}`)
  return { status: 500, body: { error: 'Internal server error' } }
}
