import { DomainError, type DomainErrorCode } from '@game-picker/core'
import { CommanderError } from 'commander'
import { describe, expect, it } from 'vitest'
import { CliError, UsageError } from './cli-errors.ts'
import { describeError, EXIT } from './exit-codes.ts'

describe('describeError', () => {
  const codes: DomainErrorCode[] = ['INVALID_INPUT', 'NOT_FOUND', 'CONFLICT', 'UNAUTHORIZED', 'LOCKED']

  it.each(codes)('a %s domain error is a failed command (exit 1) with its message', (code) => {
    expect(describeError(new DomainError(code, 'boom'))).toEqual({ exitCode: EXIT.failure, message: 'boom', body: { error: 'boom' } })
  })

  it('adds the hints a person can act on and keeps the details in the JSON body', () => {
    const error = new DomainError('NOT_FOUND', 'No games match the current filters', { suggestion: 'Try different filters', recentlyPlayed: [3, 4] })
    const report = describeError(error)
    expect(report.message).toBe('No games match the current filters\nSuggestion: Try different filters\nRecently played game ids: 3, 4')
    expect(report.body).toEqual({ error: 'No games match the current filters', suggestion: 'Try different filters', recentlyPlayed: [3, 4] })
  })

  it.each([
    ['a usage error', new UsageError('Missing --title'), EXIT.usage, 'Missing --title'],
    ['a CLI failure', new CliError('Cannot read x.csv'), EXIT.failure, 'Cannot read x.csv'],
    ['a commander usage error (already printed)', new CommanderError(1, 'commander.unknownOption', 'unknown option'), EXIT.usage, ''],
    ['commander --help / --version', new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'), EXIT.ok, ''],
    ['a cancelled prompt', Object.assign(new Error('User force closed the prompt'), { name: 'ExitPromptError' }), EXIT.failure, 'Cancelled.'],
    ['a file system error', Object.assign(new Error('EACCES: permission denied, open \'x\''), { code: 'EACCES', syscall: 'open' }), EXIT.failure, 'EACCES: permission denied, open \'x\''],
  ])('%s', (_name, error, exitCode, message) => {
    expect(describeError(error)).toMatchObject({ exitCode, message })
  })

  it('reports anything else as a bug, without a stack', () => {
    const report = describeError(new TypeError('x is undefined'))
    expect(report.exitCode).toBe(EXIT.failure)
    expect(report.message).toMatch(/^Unexpected error: x is undefined\nThis is a bug/)
    expect(report.message).not.toMatch(/at /)
  })
})
