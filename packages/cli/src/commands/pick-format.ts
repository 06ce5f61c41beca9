// How a pick reads in a terminal: the game, the candidates of --count, the odds of --explain.
import type { Game, PickOdds, PickResult } from '@game-picker/core'
import { gameLabel } from '../format.ts'
import { type Column, formatTable } from '../table.ts'

function describeFacts(game: Game): string {
  return [
    game.min_players === game.max_players ? `${game.min_players} players` : `${game.min_players}-${game.max_players} players`,
    game.length_minutes === null ? null : `${game.length_minutes} min`,
    game.game_type,
    game.family_friendly ? 'family friendly' : null,
  ].filter(Boolean).join(' · ')
}

/** The pick, or with --count its candidates in draw order; then the odds when they were asked for. */
export function describePick({ game, games, poolSize, totalEnabled, odds }: PickResult): string {
  const picked = games === undefined
    ? `${gameLabel(game)}\n  ${describeFacts(game)}\n  Picked from ${poolSize} of ${totalEnabled} enabled games.`
    : [`${games.length} candidates, drawn in this order from ${poolSize} of ${totalEnabled} enabled games:`,
        ...games.map((candidate, i) => `${i + 1}. ${gameLabel(candidate)}\n   ${describeFacts(candidate)}`)].join('\n')
  return odds === undefined ? picked : `${picked}\n\n${describeOdds(odds)}`
}

/** Weights are products of 3, 1 and 1/3: shown as 9, 3, 1, 1/3, 1/9. */
const formatWeight = (weight: number) => (weight >= 1 ? String(Math.round(weight)) : `1/${Math.round(1 / weight)}`)
const formatChance = (probability: number) => `${(probability * 100).toFixed(1)}%`

const ODDS_COLUMNS: Column<PickOdds>[] = [
  { header: 'Title', value: (entry) => entry.title },
  { header: 'Pack', value: (entry) => entry.pack_name },
  { header: 'Weight', value: (entry) => formatWeight(entry.weight), align: 'right' },
  { header: 'Chance', value: (entry) => formatChance(entry.probability), align: 'right' },
]

export function describeOdds(odds: readonly PickOdds[]): string {
  return `Odds of the first draw (${odds.length} games):\n${formatTable(odds, ODDS_COLUMNS)}`
}
