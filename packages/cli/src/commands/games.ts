// games list|show|remove|toggle|favor: reading and flagging the catalogue.
import type { FavorBias } from '@game-picker/core'
import type { CommandContext } from '../context.ts'
import { describeGame, favorWord, GAME_COLUMNS, gameLabel } from '../format.ts'
import { type FilterOptions, readFilter } from '../options.ts'

export const gamesCommand = {
  list: async (ctx: CommandContext, _args: [], options: FilterOptions) => {
    const games = await (await ctx.backend('read')).games.list(readFilter(options))
    ctx.output.table(games, GAME_COLUMNS, 'No games match.')
  },

  show: async (ctx: CommandContext, [id]: [number]) => {
    const game = await (await ctx.backend('read')).games.get(id)
    ctx.output.result(game, () => describeGame(game))
  },

  remove: async (ctx: CommandContext, [id]: [number]) => {
    const backend = await ctx.backend('write')
    const game = await backend.games.get(id)
    await backend.games.remove(id)
    ctx.output.result({ message: 'Game deleted', game }, `Deleted ${gameLabel(game)} with its play history and votes.`)
  },

  toggle: async (ctx: CommandContext, [id]: [number]) => {
    const game = await (await ctx.backend('write')).games.toggle(id)
    ctx.output.result(game, `${gameLabel(game)} is now ${game.enabled ? 'enabled' : 'disabled'}.`)
  },

  favor: async (ctx: CommandContext, [id, favor]: [number, FavorBias]) => {
    const backend = await ctx.backend('write')
    const favorBias = await backend.games.setFavor(id, { favor_bias: favor })
    const game = await backend.games.get(id)
    ctx.output.result({ message: 'Game favor updated', favor_bias: favorBias }, `${gameLabel(game)}: ${favorWord(favorBias)}.`)
  },
}
