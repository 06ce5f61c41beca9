// The weighted random picker (decisions §4). A pick reads only; it changes nothing.
import type { CoreContext } from './context.ts'
import { notFound } from './errors.ts'
import { matchesFilter, parseGameFilter } from './filters.ts'
import type { StoreReads } from './store.ts'
import type { FavorBias, Game, Pack } from './types.ts'
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
        const { enabled, weightOf } = weighCatalogue(await tx.listGames(), await tx.listPacks())
        const matching = enabled.filter((game) => matchesFilter(game, filter))
        const excluded = sessionId === undefined ? new Set<number>() : await sessionExclusions(tx, sessionId, excludePlayed)
        const pool = matching.filter((game) => !excluded.has(game.id))
        if (pool.length === 0) {
          const removedBySession = matching.length > 0
          throw notFound('No games match the current filters', {
            suggestion: removedBySession
              ? 'Every matching game was played recently in this session; try without excludePlayed or widen the filters'
              : 'Try different filters, or enable more games',
            ...(removedBySession ? { recentlyPlayed: [...excluded] } : {}),
          })
        }
        const weights = pool.map(weightOf)
        return { game: pool[drawIndex(weights, random())], poolSize: pool.length, totalEnabled: enabled.length }
      })
    },
  }
}

interface WeighedCatalogue { packs: readonly Pack[]; enabled: Game[]; weightOf: (game: Game) => number }

// The store hands out the same catalogue arrays until a write changes them, so the enabled
// games and their weights are worked out once per catalogue, not once per pick.
const weighed = new WeakMap<readonly Game[], WeighedCatalogue>()

function weighCatalogue(games: readonly Game[], packs: readonly Pack[]): WeighedCatalogue {
  const known = weighed.get(games)
  if (known?.packs === packs) return known
  const packFavor = new Map(packs.map((pack) => [pack.name, pack.favor_bias]))
  const weights = new Map(games.map((game) =>
    [game.id, FAVOR_WEIGHT[game.favor_bias] * FAVOR_WEIGHT[packFavor.get(game.pack_name) ?? 0]]))
  const result = { packs, enabled: games.filter((game) => game.enabled === 1), weightOf: (game: Game) => weights.get(game.id)! }
  weighed.set(games, result)
  return result
}

/** Games the session excludes: all it played (excludePlayed) or else the last two, so nothing repeats back to back. */
async function sessionExclusions(tx: StoreReads, sessionId: number, excludePlayed: boolean): Promise<Set<number>> {
  if (!(await tx.getSession(sessionId))) throw notFound('Session not found')
  const played = (await tx.listSessionGames(sessionId)).filter((row) => row.status !== 'skipped')
  return new Set((excludePlayed ? played : played.slice(-2)).map((row) => row.game_id))
}

/** Index drawn with probability proportional to its weight; `roll` is in [0, 1). */
export function drawIndex(weights: number[], roll: number): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  let target = roll * total
  for (let i = 0; i < weights.length; i++) {
    target -= weights[i]
    if (target < 0) return i
  }
  return weights.length - 1
}
