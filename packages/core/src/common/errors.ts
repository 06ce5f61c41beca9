// The one error type the core throws. It carries a kind, never an HTTP status:
// each edge (HTTP, CLI) maps the kind with its own table.

export type DomainErrorCode =
  | 'INVALID_INPUT'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNAUTHORIZED'
  | 'LOCKED'
  | 'UNAVAILABLE'
  /** Too many of something from one client (a poll's voters from one address). */
  | 'RATE_LIMITED'

const BRAND = '__game_picker_domain_error__'

export class DomainError extends Error {
  readonly code: DomainErrorCode
  /** Extra fields an edge may add to the error body (e.g. activeSessionId, debug). */
  readonly details: Record<string, unknown> | undefined
  readonly [BRAND] = true

  constructor(code: DomainErrorCode, message: string, details?: Record<string, unknown>) {
    super(message)
    this.name = 'DomainError'
    this.code = code
    this.details = details
  }
}

/** A brand check, not instanceof, so it holds when the module is loaded twice. */
export function isDomainError(value: unknown): value is DomainError {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[BRAND] === true
}

export const invalidInput = (message: string, details?: Record<string, unknown>) =>
  new DomainError('INVALID_INPUT', message, details)
export const notFound = (message: string, details?: Record<string, unknown>) =>
  new DomainError('NOT_FOUND', message, details)
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details)
export const rateLimited = (message: string) => new DomainError('RATE_LIMITED', message)
export const unavailable = () => new DomainError('UNAVAILABLE', 'Database unavailable')
