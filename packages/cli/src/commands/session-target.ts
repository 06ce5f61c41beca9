// Commands that act on "the session" take an optional id and default to the active session.
import type { Backend } from '../backend.ts'
import { CliError } from '../cli-errors.ts'

export async function resolveSessionId(backend: Backend, sessionId: number | undefined): Promise<number> {
  if (sessionId !== undefined) return sessionId
  const active = await backend.sessions.active()
  if (!active) throw new CliError('No active session: start one with `game-picker sessions start`, or pass a session id.')
  return active.id
}
