// What a pick answers: the drawn game, and on request the candidates and every game's odds.
import type { Game } from '../common/types.ts'
import type { PickOdds } from './odds.ts'

/** The contract's `{ game, poolSize, totalEnabled }`; `games` and `odds` only when asked for. */
export interface PickResult {
  game: Game
  poolSize: number
  totalEnabled: number
  /** `count` candidates in draw order; `game` is the first. */
  games?: Game[]
  /** `explain`: every game of the pool with its chance to be drawn first. */
  odds?: PickOdds[]
}

