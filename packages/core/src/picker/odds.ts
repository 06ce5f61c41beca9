// The picker's weights and the two things done with them: the draw and the
// explanation of its odds. Both take the same weights array, so an explanation can never
// disagree with the picker.
import { compareText } from '../catalogue/packs.ts'
import type { FavorBias, Game, Pack } from '../common/types.ts'

/** One game of a pick's pool and its chance to be drawn first (`explain: true`). */
export interface PickOdds {
  id: number
  title: string
  pack_name: string
  /** f(game favor) x f(pack favor), not normalised. */
  weight: number
  /** weight / the pool's total weight: the odds sum to 1. */
  probability: number
}

const FAVOR_WEIGHT: Record<FavorBias, number> = { 1: 3, 0: 1, [-1]: 1 / 3 }

export interface WeighedCatalogue {
  packs: readonly Pack[]
  /** The names GET /api/games/packs lists: the packs a pick may name. */
  packNames: ReadonlySet<string>
  enabled: Game[]
  weightOf: (game: Game) => number
}

// The store hands out the same catalogue arrays until a write changes them, so the enabled
// games and their weights are worked out once per catalogue, not once per pick.
const weighed = new WeakMap<readonly Game[], WeighedCatalogue>()

export function weighCatalogue(games: readonly Game[], packs: readonly Pack[]): WeighedCatalogue {
  const known = weighed.get(games)
  if (known?.packs === packs) return known
  const packFavor = new Map(packs.map((pack) => [pack.name, pack.favor_bias]))
  const weights = new Map(games.map((game) =>
    [game.id, FAVOR_WEIGHT[game.favor_bias] * FAVOR_WEIGHT[packFavor.get(game.pack_name) ?? 0]]))
  const result: WeighedCatalogue = {
    packs,
    packNames: new Set(packFavor.keys()),
    enabled: games.filter((game) => game.enabled === 1),
    weightOf: (game) => weights.get(game.id)!,
  }
  weighed.set(games, result)
  return result
}

function sum(weights: readonly number[]): number {
  let total = 0
  for (const weight of weights) total += weight
  return total
}

/**
 * Index drawn with probability proportional to its weight; `roll` is in [0, 1). Weights of 0
 * (games already drawn) are never returned, not even when rounding leaves the roll past the end.
 */
export function drawIndex(weights: readonly number[], roll: number): number {
  let target = roll * sum(weights)
  let last = 0
  for (let i = 0; i < weights.length; i++) {
    if (weights[i] === 0) continue
    last = i
    target -= weights[i]
    if (target < 0) return i
  }
  return last
}

/** `count` distinct indexes drawn by weight without replacement, in draw order (fewer when there are fewer weights). */
export function drawDistinct(weights: readonly number[], count: number, random: () => number): number[] {
  const left = weights.slice()
  const drawn: number[] = []
  while (drawn.length < Math.min(count, left.length)) {
    const index = drawIndex(left, random())
    drawn.push(index)
    left[index] = 0
  }
  return drawn
}

/** The first draw's odds for every game of the pool: highest first; ties in catalogue order (pack, then title). */
export function listOdds(pool: readonly Game[], weights: readonly number[]): PickOdds[] {
  const total = sum(weights)
  return pool
    .map((game, i) => ({ id: game.id, title: game.title, pack_name: game.pack_name, weight: weights[i], probability: weights[i] / total }))
    .sort((a, b) => b.probability - a.probability || compareText(a.pack_name, b.pack_name) || compareText(a.title, b.title))
}
