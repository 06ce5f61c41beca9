// The weighted random picker (decisions §4). A pick reads only; it changes nothing.
import type { CoreContext } from './context.ts'
import { notFound } from './errors.ts'
import { filterKey, matchesFilter, parseGameFilter } from './filters.ts'
import type { StoreReads } from './store.ts'
import type { FavorBias, Game, GameFilter, Pack } from './types.ts'
import { asFields, parseId, readBoolean } from './validate.ts'

export interface PickResult {
  game: Game
  poolSize: number
  totalEnabled: number
}

const FAVOR_WEIGHT: Record<FavorBias, number> = { 1: 3, 0: 1, [-1]: 1 / 3 }

export function createPicker(ctx: CoreContext) {
  return {
    pick: async (input: unknown = {}, random: () => number = ctx.random): Promise<PickResult> => {
      const fields = asFields(input)
      const filter = parseGameFilter(fields, ['playerCount', 'drawing', 'length', 'familyFriendly'])
      const sessionId = fields.sessionId == null
        ? undefined
        : parseId(fields.sessionId, 'sessionId must be a positive integer')
      const excludePlayed = fields.excludePlayed == null ? false : readBoolean(fields, 'excludePlayed')

      return ctx.store.read(async (tx) => {
        const catalogue = weighCatalogue(await tx.listGames(), await tx.listPacks())
        const matching = poolFor(catalogue, filter)
        const excluded = sessionId === undefined ? undefined : await sessionExclusions(tx, sessionId, excludePlayed)
        const pool = excluded?.size ? weighPool(matching.games.filter((game) => !excluded.has(game.id)), catalogue.weightOf) : matching
        if (pool.games.length === 0) {
          const removedBySession = matching.games.length > 0
          throw notFound('No games match the current filters', {
            suggestion: removedBySession
              ? 'Every matching game was played recently in this session; try without excludePlayed or widen the filters'
              : 'Try different filters, or enable more games',
            ...(removedBySession ? { recentlyPlayed: [...excluded!] } : {}),
          })
        }
        const index = drawFromTotals(pool.totals, random())
        const result = pool.results?.[index]
          ?? { game: pool.games[index], poolSize: pool.games.length, totalEnabled: catalogue.enabled.length }
        if (pool.results) pool.results[index] = result
        return result
      })
    },
  }
}

/**
 * Games a pick may draw, with the running totals of their weights. A cached pool also keeps
 * each answer it gave: the same object for the same game, so its JSON is made once.
 */
interface Pool { games: Game[]; totals: Float64Array; results?: PickResult[] }
interface WeighedCatalogue {
  packs: readonly Pack[]
  enabled: Game[]
  weightOf: (game: Game) => number
  /** Pools by filter: a games night repeats the same few filters. */
  pools: Map<string, Pool>
}

// The store hands out the same catalogue arrays until a write changes them, so the enabled
// games, their weights and the pool of each filter are worked out once per catalogue, not once
// per pick. A store that returns fresh arrays simply gets no reuse.
const weighed = new WeakMap<readonly Game[], WeighedCatalogue>()
const MAX_POOLS = 64

function weighCatalogue(games: readonly Game[], packs: readonly Pack[]): WeighedCatalogue {
  const known = weighed.get(games)
  if (known?.packs === packs) return known
  const packFavor = new Map(packs.map((pack) => [pack.name, pack.favor_bias]))
  const weights = new Map(games.map((game) =>
    [game.id, FAVOR_WEIGHT[game.favor_bias] * FAVOR_WEIGHT[packFavor.get(game.pack_name) ?? 0]]))
  const result = {
    packs, enabled: games.filter((game) => game.enabled === 1), weightOf: (game: Game) => weights.get(game.id)!, pools: new Map(),
  }
  weighed.set(games, result)
  return result
}

function poolFor(catalogue: WeighedCatalogue, filter: GameFilter): Pool {
  const key = filterKey(filter)
  let pool = catalogue.pools.get(key)
  if (!pool) {
    if (catalogue.pools.size >= MAX_POOLS) catalogue.pools.clear()
    pool = weighPool(catalogue.enabled.filter((game) => matchesFilter(game, filter)), catalogue.weightOf)
    pool.results = []
    catalogue.pools.set(key, pool)
  }
  return pool
}

function weighPool(games: Game[], weightOf: (game: Game) => number): Pool {
  const totals = new Float64Array(games.length)
  let total = 0
  for (let i = 0; i < games.length; i++) totals[i] = total += weightOf(games[i])
  return { games, totals }
}

/** Games the session excludes: all it played (excludePlayed) or else the last two, so nothing repeats back to back. */
async function sessionExclusions(tx: StoreReads, sessionId: number, excludePlayed: boolean): Promise<Set<number>> {
  if (!(await tx.getSession(sessionId))) throw notFound('Session not found')
  const played = (await tx.listSessionGames(sessionId)).filter((row) => row.status !== 'skipped')
  return new Set((excludePlayed ? played : played.slice(-2)).map((row) => row.game_id))
}

/** Index drawn with probability proportional to its weight (`roll` in [0, 1)): the first whose running total exceeds roll × sum. */
function drawFromTotals(totals: Float64Array, roll: number): number {
  const target = roll * totals[totals.length - 1]
  let low = 0
  let high = totals.length - 1
  while (low < high) {
    const middle = (low + high) >>> 1
    if (totals[middle] > target) high = middle
    else low = middle + 1
  }
  return low
}
