// pick: a weighted random game for the filters; --add puts it into the session, -i lets a
// person accept, re-roll or quit.
import type { PickResult } from '@game-picker/core'
import type { PickInput } from '../backend.ts'
import { UsageError } from '../cli-errors.ts'
import type { CommandContext } from '../context.ts'
import { gameLabel } from '../format.ts'
import { type FilterOptions, readFilter } from '../options.ts'
import { resolveSessionId } from './session-target.ts'

export interface PickOptions extends FilterOptions {
  session?: number
  excludePlayed?: boolean
  seed?: string
  add?: boolean
  interactive?: boolean
}

export function toPickInput(options: PickOptions, sessionId: number | undefined): PickInput {
  const { enabled: _enabled, pack: _pack, ...filter } = readFilter(options)
  return { ...filter, sessionId, excludePlayed: options.excludePlayed || undefined }
}

export function describePick({ game, poolSize, totalEnabled }: PickResult): string {
  const facts = [
    game.min_players === game.max_players ? `${game.min_players} players` : `${game.min_players}-${game.max_players} players`,
    game.length_minutes === null ? null : `${game.length_minutes} min`,
    game.game_type,
    game.family_friendly ? 'family friendly' : null,
  ].filter(Boolean)
  return `${gameLabel(game)}\n  ${facts.join(' · ')}\n  Picked from ${poolSize} of ${totalEnabled} enabled games.`
}

export async function pickCommand(ctx: CommandContext, _args: [], options: PickOptions) {
  if (options.interactive) {
    if (!ctx.interactive) throw new UsageError('--interactive needs a terminal; without one use --add or --json.')
    if (ctx.output.json) throw new UsageError('--interactive is for a person at a terminal; drop --json.')
    const { pickInteractively } = await import('./pick-interactive.ts')
    return pickInteractively(ctx, options)
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
