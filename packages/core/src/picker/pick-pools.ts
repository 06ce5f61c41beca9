// The pool a pick draws from, kept per catalogue: the store hands out the same catalogue arrays
// until a write changes them (anywhere), and a games night asks for the same few filters, so
// the matching games and their weights are worked out once per filter, not once per pick. A
// store that returns fresh arrays simply gets no reuse.
import { filterKey, matchesFilter } from '../catalogue/filters.ts'
import type { WeighedCatalogue } from './odds.ts'
import { fitsPlayers, type PickRequest } from './pick-input.ts'
import type { PickResult } from './pick-result.ts'
import type { Game } from '../common/types.ts'

export interface Pool {
  games: Game[]
  weights: number[]
  /** A cached pool's answers, one per game drawn: the same object each time, so its JSON is made once. */
  answers?: PickResult[]
}

const pools = new WeakMap<WeighedCatalogue, Map<string, Pool>>()
const MAX_POOLS = 64

/** The enabled games matching the request's filters (not its session rules), with their weights. */
export function poolFor(catalogue: WeighedCatalogue, request: PickRequest): Pool {
  let byRequest = pools.get(catalogue)
  if (!byRequest) pools.set(catalogue, byRequest = new Map())
  const key = `${filterKey(request.filter)}|${request.playerCount}|${request.audienceOverflow}|${JSON.stringify(request.packs && [...request.packs])}`
  let pool = byRequest.get(key)
  if (!pool) {
    if (byRequest.size >= MAX_POOLS) byRequest.clear()
    const games = catalogue.enabled.filter((game) => matchesPick(game, request))
    pool = { games, weights: games.map(catalogue.weightOf), answers: [] }
    byRequest.set(key, pool)
  }
  return pool
}

/** The pool without the excluded games (a session's recent plays); not cached. */
export function withoutGames(pool: Pool, excluded: ReadonlySet<number>): Pool {
  if (excluded.size === 0) return pool
  const kept = pool.games.flatMap((game, i) => (excluded.has(game.id) ? [] : [i]))
  return { games: kept.map((i) => pool.games[i]), weights: kept.map((i) => pool.weights[i]) }
}

function matchesPick(game: Game, request: PickRequest): boolean {
  return matchesFilter(game, request.filter)
    && fitsPlayers(game, request.playerCount, request.audienceOverflow)
    && (request.packs === undefined || request.packs.has(game.pack_name))
}
