// The one table from failures to exit codes and user messages (0 ok, 1 failed, 2 bad usage).
import { type DomainErrorCode, isDomainError } from '@game-picker/core'
import { CommanderError } from 'commander'
import { CliError, isPromptCancelled, UsageError } from './cli-errors.ts'

export const EXIT = { ok: 0, failure: 1, usage: 2 } as const

/** Every domain failure is a failed command, not bad usage; adding a code fails typecheck here. */
export const EXIT_BY_CODE = {
  INVALID_INPUT: EXIT.failure,
  NOT_FOUND: EXIT.failure,
  CONFLICT: EXIT.failure,
  UNAUTHORIZED: EXIT.failure,
  LOCKED: EXIT.failure,
  UNAVAILABLE: EXIT.failure,
  RATE_LIMITED: EXIT.failure,
} satisfies Record<DomainErrorCode, number>

export interface ErrorReport {
  exitCode: number
  /** For stderr; empty when the message was already printed (commander's own errors). */
  message: string
  /** The HTTP API's error body shape, printed instead of the message under --json. */
  body: Record<string, unknown>
}

export function describeError(error: unknown): ErrorReport {
  if (isDomainError(error)) {
    const details = error.details ?? {}
    return { exitCode: EXIT_BY_CODE[error.code], message: withHints(error.message, details), body: { error: error.message, ...details } }
  }
  if (error instanceof CommanderError) {
    // Commander printed its message (usage errors, --help, --version) through configureOutput.
    return { exitCode: error.exitCode === 0 ? EXIT.ok : EXIT.usage, message: '', body: { error: error.message } }
  }
  if (error instanceof UsageError || error instanceof CliError) {
    return { exitCode: error.exitCode, message: error.message, body: { error: error.message } }
  }
  if (isPromptCancelled(error)) return { exitCode: EXIT.failure, message: 'Cancelled.', body: { error: 'Cancelled' } }
  const message = error instanceof Error ? error.message : String(error)
  if (isSystemError(error)) return { exitCode: EXIT.failure, message, body: { error: message } }
  return {
    exitCode: EXIT.failure,
    message: `Unexpected error: ${message}\nThis is a bug in game-picker; please report it with the command you ran.`,
    body: { error: message },
  }
}

/** The details a person needs to act on, in words; the raw details stay in the JSON body. */
function withHints(message: string, details: Record<string, unknown>): string {
  const lines = [message]
  if (typeof details.message === 'string') lines.push(details.message)
  if (typeof details.suggestion === 'string') lines.push(`Suggestion: ${details.suggestion}`)
  if (typeof details.activeSessionId === 'number') lines.push(`Active session: #${details.activeSessionId}`)
  if (Array.isArray(details.recentlyPlayed)) lines.push(`Recently played game ids: ${details.recentlyPlayed.join(', ')}`)
  return lines.join('\n')
}

/** fs and net failures (ENOENT, EACCES, ECONNREFUSED): their message already names the path. */
function isSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string'
    && typeof (error as NodeJS.ErrnoException).syscall === 'string'
}
