// pick: a weighted random game for the filters (or --count candidates, with --explain their
// odds); --add puts it into the session, -i lets a person accept, re-roll or quit.
import { UsageError } from '../cli-errors.ts'
import type { CommandContext } from '../context.ts'
import { describePick } from './pick-format.ts'
import { type PickOptions, toPickInput } from './pick-options.ts'
import { resolveSessionId } from './session-target.ts'

export async function pickCommand(ctx: CommandContext, _args: [], options: PickOptions) {
  if (options.interactive) {
    if (!ctx.interactive) throw new UsageError('--interactive needs a terminal; without one use --add or --json.')
    if (ctx.output.json) throw new UsageError('--interactive is for a person at a terminal; drop --json.')
    const { pickInteractively } = await import('./pick-interactive.ts')
    return pickInteractively(ctx, options)
  }
  if (options.add && (options.count ?? 1) > 1) {
    throw new UsageError('--add adds one game; to let the room choose among --count candidates, use pick -i or `sessions add GAME_ID`.')
  }
  const backend = await ctx.backend(options.add ? 'write' : 'read')
  // Adding uses the session's recent games too, so the pick does not repeat what was just played.
  const sessionId = options.add ? await resolveSessionId(backend, options.session) : options.session
  const result = await backend.pick(toPickInput(options, sessionId), options.seed)
  if (!options.add || sessionId === undefined) return ctx.output.result(result, () => describePick(result))
  const sessionGame = await backend.sessionGames.add(sessionId, { game_id: result.game.id })
  ctx.output.result({ ...result, sessionGame }, () =>
    `${describePick(result)}\nAdded to session #${sessionId} (session game ${sessionGame.id}).`)
}
