// sessions start|close|list|show|delete|export.
import type { ExportFormat } from '@game-picker/core'
import type { CommandContext } from '../context.ts'
import { writeTextFile } from '../files.ts'
import { describeSession, SESSION_COLUMNS } from '../format.ts'
import { resolveSessionId } from './session-target.ts'

export const sessionsCommand = {
  start: async (ctx: CommandContext, _args: [], { notes }: { notes?: string }) => {
    const session = await (await ctx.backend('write')).sessions.start({ notes })
    ctx.output.result(session, `Started session #${session.id}.`)
  },

  close: async (ctx: CommandContext, [id]: [number?], { notes }: { notes?: string }) => {
    const backend = await ctx.backend('write')
    const session = await backend.sessions.close(await resolveSessionId(backend, id), { notes })
    ctx.output.result(session, `Closed session #${session.id} (${session.games_played} games played).`)
  },

  list: async (ctx: CommandContext, _args: [], { limit }: { limit?: number }) => {
    const sessions = await (await ctx.backend('read')).sessions.list(limit)
    ctx.output.table(sessions, SESSION_COLUMNS, 'No sessions yet.')
  },

  /** The session named, else the active one ({ session: null } as GET /api/sessions/active when none). */
  show: async (ctx: CommandContext, [id]: [number?]) => {
    const backend = await ctx.backend('read')
    const session = id === undefined ? await backend.sessions.active() : await backend.sessions.get(id)
    if (!session) return ctx.output.result({ session: null, message: 'No active session' }, 'No active session.')
    ctx.output.result(session, () => describeSession(session))
  },

  delete: async (ctx: CommandContext, [id]: [number]) => {
    await (await ctx.backend('write')).sessions.remove(id)
    ctx.output.result({ message: 'Session deleted', sessionId: id }, `Deleted session #${id} with its games, chat messages and votes.`)
  },

  /** The file to stdout, or to -o FILE. */
  export: async (ctx: CommandContext, [id]: [number], options: { format: ExportFormat; output?: string }) => {
    const file = await (await ctx.backend('read')).sessions.export(id, options.format)
    if (options.output === undefined) return ctx.output.raw(file.body)
    await writeTextFile(options.output, file.body)
    ctx.output.note(`Wrote session #${id} to ${options.output}.`)
  },
}
