// The picker's options that look at what the group played and liked: leave out what was played
// lately, favor what was not played for a while, favor what chat voted up. They read the games'
// own kept fields (last_played_at, upvotes, downvotes), never the history; and since they depend
// on the clock, they apply to a pool after its cached part (pick-pools.ts).
import type { PickRequest } from './pick-input.ts'
import type { Pool } from './pick-pools.ts'
import type { Game } from '../common/types.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** Days since last played beyond which a game counts as fresh as it gets (× 3, like never played). */
const FRESH_DAYS = 60

/** × (1 + min(d, 60) / 30), d the days since last played (fractional); never played: × 3. */
export function freshFactor(game: Pick<Game, 'last_played_at'>, now: number): number {
  if (game.last_played_at === null) return 3
  const days = Math.max(0, (now - Date.parse(game.last_played_at)) / DAY_MS)
  return 1 + Math.min(days, FRESH_DAYS) / 30
}

/** × (upvotes + 1) / (downvotes + 1), clamped to 1/3 … 3. */
export function popularFactor(game: Pick<Game, 'upvotes' | 'downvotes'>): number {
  return Math.min(3, Math.max(1 / 3, (game.upvotes + 1) / (game.downvotes + 1)))
}

const playedWithin = (game: Game, days: number, now: number) =>
  game.last_played_at !== null && now - Date.parse(game.last_played_at) < days * DAY_MS

/** The pool with the history options applied (the same pool when none is asked for). */
export function withHistory(pool: Pool, request: PickRequest, now: number): Pool {
  const { notPlayedWithinDays: days, favorFresh, favorPopular } = request
  if (days === undefined && !favorFresh && !favorPopular) return pool
  const games: Game[] = []
  const weights: number[] = []
  pool.games.forEach((game, i) => {
    if (days !== undefined && playedWithin(game, days, now)) return
    games.push(game)
    weights.push(pool.weights[i] * (favorFresh ? freshFactor(game, now) : 1) * (favorPopular ? popularFactor(game) : 1))
  })
  return { games, weights }
}
