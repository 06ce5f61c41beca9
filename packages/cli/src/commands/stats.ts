// stats: the counts and the two top-10 lists of GET /api/stats.
import type { GameStat, Stats } from '@game-picker/core'
import type { CommandContext } from '../context.ts'
import { type Column, formatFields, formatTable } from '../table.ts'

const STAT_COLUMNS: Column<GameStat>[] = [
  { header: 'ID', value: (game) => game.id },
  { header: 'Title', value: (game) => game.title },
  { header: 'Pack', value: (game) => game.pack_name },
  { header: 'Plays', value: (game) => game.play_count },
  { header: 'Score', value: (game) => game.popularity_score },
  { header: 'Up', value: (game) => game.upvotes },
  { header: 'Down', value: (game) => game.downvotes },
]

const section = (title: string, games: GameStat[], empty: string) =>
  `${title}\n${games.length === 0 ? `  ${empty}` : formatTable(games, STAT_COLUMNS)}`

export function describeStats(stats: Stats): string {
  return [
    formatFields([
      ['Games', `${stats.games.count} (${stats.gamesEnabled.count} enabled)`],
      ['Packs', stats.packs.count],
      ['Sessions', `${stats.sessions.count} (${stats.activeSessions.count} active)`],
      ['Games played', stats.totalGamesPlayed.count],
    ]),
    section('Most played', stats.mostPlayedGames, 'nothing played yet'),
    section('Top rated', stats.topRatedGames, 'no votes yet'),
  ].join('\n\n')
}

export async function statsCommand(ctx: CommandContext) {
  const stats = await (await ctx.backend('read')).stats()
  ctx.output.result(stats, () => describeStats(stats))
}
