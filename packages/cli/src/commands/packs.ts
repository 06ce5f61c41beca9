// packs list|favor|enable|disable.
import type { FavorBias } from '@game-picker/core'
import type { CommandContext } from '../context.ts'
import { favorWord, PACK_COLUMNS, type PackRow } from '../format.ts'

async function setEnabled(ctx: CommandContext, name: string, enabled: boolean) {
  const gamesAffected = await (await ctx.backend('write')).packs.setEnabled(name, { enabled })
  const state = enabled ? 'enabled' : 'disabled'
  ctx.output.result({ message: `Pack ${state}`, gamesAffected }, `${name}: ${gamesAffected} games ${state}.`)
}

export const packsCommand = {
  /** Each Pack (GET /api/games/packs) with its PackMeta counts, so one table answers both. */
  list: async (ctx: CommandContext) => {
    const backend = await ctx.backend('read')
    const [packs, meta] = await Promise.all([backend.packs.list(), backend.packs.meta()])
    const counts = new Map(meta.map((entry) => [entry.name, entry]))
    const rows: PackRow[] = packs.map((pack) => ({
      ...pack, total_count: 0, enabled_count: 0, total_plays: 0, ...counts.get(pack.name), name: pack.name,
    }))
    ctx.output.table(rows, PACK_COLUMNS, 'No packs yet.')
  },

  favor: async (ctx: CommandContext, [name, favor]: [string, FavorBias]) => {
    const favorBias = await (await ctx.backend('write')).packs.setFavor(name, { favor_bias: favor })
    ctx.output.result({ message: 'Pack favor updated', favor_bias: favorBias }, `${name}: ${favorWord(favorBias)}.`)
  },

  enable: (ctx: CommandContext, [name]: [string]) => setEnabled(ctx, name, true),
  disable: (ctx: CommandContext, [name]: [string]) => setEnabled(ctx, name, false),
}
