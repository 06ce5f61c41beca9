// Errors the CLI raises itself. Domain failures stay DomainError (from the core or mapped from
// HTTP bodies); these cover bad usage and failures outside the domain (files, network).

/** Bad usage: a missing value, a flag combination that cannot work. Exit code 2. */
export class UsageError extends Error {
  readonly exitCode = 2
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/** An expected failure with a message fit for the user (unreadable file, unreachable server). Exit code 1. */
export class CliError extends Error {
  readonly exitCode = 1
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'CliError'
  }
}

/** The user pressed Ctrl+C at a prompt (inquirer's ExitPromptError). */
export function isPromptCancelled(error: unknown): boolean {
  return error instanceof Error && error.name === 'ExitPromptError'
}
