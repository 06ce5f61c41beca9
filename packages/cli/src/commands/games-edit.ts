// games add|edit: the descriptive fields from flags; `add` asks for missing required ones on a
// terminal and is a usage error without one.
import type { CommandContext } from '../context.ts'
import { UsageError } from '../cli-errors.ts'
import { gameLabel } from '../format.ts'

export interface GameFlags {
  pack?: string
  title?: string
  min?: number
  max?: number
  minutes?: number
  audience?: boolean
  familyFriendly?: boolean
  type?: string
  secondaryType?: string
  enable?: boolean
  disable?: boolean
}

const REQUIRED = [
  { flag: 'pack', label: 'Pack name', integer: false },
  { flag: 'title', label: 'Title', integer: false },
  { flag: 'min', label: 'Minimum players', integer: true },
  { flag: 'max', label: 'Maximum players', integer: true },
] as const

/** The HTTP body (POST/PUT /api/games) for the flags that were given. */
export function toGameBody(flags: GameFlags): Record<string, unknown> {
  const body: Record<string, unknown> = {
    pack_name: flags.pack, title: flags.title, min_players: flags.min, max_players: flags.max,
    length_minutes: flags.minutes, has_audience: flags.audience, family_friendly: flags.familyFriendly,
    game_type: flags.type, secondary_type: flags.secondaryType,
    enabled: flags.enable ? true : flags.disable ? false : undefined,
  }
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined))
}

async function fillRequired(ctx: CommandContext, flags: GameFlags): Promise<GameFlags> {
  const missing = REQUIRED.filter(({ flag }) => flags[flag] === undefined)
  if (missing.length === 0) return flags
  if (!ctx.interactive) {
    throw new UsageError(`Missing ${missing.map(({ flag }) => `--${flag}`).join(', ')} (prompted only on a terminal).`)
  }
  const { askInteger, askText } = await import('../prompts.ts') // inquirer loads only when a person is asked
  const filled: GameFlags = { ...flags }
  for (const { flag, label, integer } of missing) {
    if (integer) filled[flag as 'min' | 'max'] = await askInteger(label, flag === 'max' ? (filled.min ?? 1) : 1)
    else filled[flag as 'pack' | 'title'] = await askText(label)
  }
  return filled
}

export const gamesEditCommand = {
  add: async (ctx: CommandContext, _args: [], flags: GameFlags) => {
    const body = toGameBody(await fillRequired(ctx, flags))
    const game = await (await ctx.backend('write')).games.create(body)
    ctx.output.result(game, `Added ${gameLabel(game)}.`)
  },

  edit: async (ctx: CommandContext, [id]: [number], flags: GameFlags) => {
    if (flags.enable && flags.disable) throw new UsageError('Pass either --enable or --disable, not both.')
    const body = toGameBody(flags)
    if (Object.keys(body).length === 0) throw new UsageError('Nothing to change: pass at least one field flag (see --help).')
    const game = await (await ctx.backend('write')).games.update(id, body)
    ctx.output.result(game, `Updated ${gameLabel(game)}.`)
  },
}
