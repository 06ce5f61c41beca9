// HTTP error responses back into the core's DomainError, so a command fails the same way
// whether it ran locally or against a server.
import { DomainError, type DomainErrorCode } from '@game-picker/core'
import { CliError } from './cli-errors.ts'

export const CODE_BY_STATUS: Record<number, DomainErrorCode> = {
  400: 'INVALID_INPUT',
  401: 'UNAUTHORIZED',
  403: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'INVALID_INPUT',
  429: 'UNAUTHORIZED',
}

interface HttpFailure {
  status?: number
  data?: unknown
  message: string
  cause?: unknown
}

export function toCliFailure(error: HttpFailure, baseUrl: string): Error {
  if (error.status === undefined) {
    const cause = error.cause instanceof Error ? error.cause.message : error.message
    return new CliError(`Cannot reach the server at ${baseUrl}: ${cause}`, { cause: error })
  }
  const body = typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {}
  const { error: message, ...details } = body
  const text = typeof message === 'string' ? message : `HTTP ${error.status}`
  const code = CODE_BY_STATUS[error.status]
  if (code) return new DomainError(code, text, Object.keys(details).length > 0 ? details : undefined)
  return new CliError(`The server at ${baseUrl} failed (HTTP ${error.status}): ${text}`, { cause: error })
}
