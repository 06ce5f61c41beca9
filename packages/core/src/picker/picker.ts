// The weighted random picker. A pick reads only; it changes nothing.
import type { CoreContext } from '../common/context.ts'
import { invalidInput, notFound } from '../common/errors.ts'
import { drawDistinct, drawIndex, listOdds, weighCatalogue } from './odds.ts'
import { parsePickInput } from './pick-input.ts'
import { withHistory } from './pick-history.ts'
import { poolFor, withoutGames } from './pick-pools.ts'
import type { StoreReads } from '../store/store.ts'
import type { PickResult } from './pick-result.ts'


const NO_EXCLUSIONS: ReadonlySet<number> = new Set()

export function createPicker(ctx: CoreContext) {
  return {
    pick: async (input: unknown = {}, random: () => number = ctx.random): Promise<PickResult> => {
      const request = parsePickInput(input)
      const { pool, weights, answers, totalEnabled } = await ctx.store.read(async (tx) => {
        const catalogue = weighCatalogue(await tx.listGames(), await tx.listPacks())
        if (request.packs) assertKnownPacks(request.packs, catalogue.packNames)
        const excluded = request.sessionId === undefined
          ? NO_EXCLUSIONS
          : await sessionExclusions(tx, request.sessionId, request.excludePlayed)
        const matching = withHistory(poolFor(catalogue, request), request, ctx.now().getTime())
        const weighed = withoutGames(matching, excluded)
        if (weighed.games.length === 0) throw emptyPool(matching.games.length > 0, excluded)
        return { pool: weighed.games, weights: weighed.weights, answers: weighed.answers, totalEnabled: catalogue.enabled.length }
      })
      // Drawn once the read is over: a read may run again (a reader that met a checkpoint under
      // it), and drawing inside it would take a seeded pick's next number on the second run.
      const poolSize = pool.length
      if (request.count === undefined && !request.explain) {
        const index = drawIndex(weights, random())
        const answer = answers?.[index] ?? { game: pool[index], poolSize, totalEnabled }
        if (answers) answers[index] = answer
        return answer
      }
      // The first draw is the same roll a plain pick makes: the same seed gives the same `game`.
      const games = drawDistinct(weights, request.count ?? 1, random).map((index) => pool[index])
      const result: PickResult = { game: games[0], poolSize, totalEnabled }
      if (request.count !== undefined) result.games = games
      if (request.explain) result.odds = listOdds(pool, weights)
      return result
    },
  }
}

/** A known pack is one GET /api/games/packs lists; the first unknown name is the one reported. */
function assertKnownPacks(packs: ReadonlySet<string>, known: ReadonlySet<string>): void {
  for (const name of packs) if (!known.has(name)) throw invalidInput(`Unknown pack: ${name}`)
}

function emptyPool(removedBySession: boolean, excluded: ReadonlySet<number>) {
  return notFound('No games match the current filters', {
    suggestion: removedBySession
      ? 'Every matching game was played recently in this session; try without excludePlayed or widen the filters'
      : 'Try different filters, or enable more games',
    ...(removedBySession ? { recentlyPlayed: [...excluded] } : {}),
  })
}

/** Games the session excludes: all it played (excludePlayed) or else the last two, so nothing repeats back to back. */
async function sessionExclusions(tx: StoreReads, sessionId: number, excludePlayed: boolean): Promise<Set<number>> {
  if (!(await tx.getSession(sessionId))) throw notFound('Session not found')
  const played = (await tx.listSessionGames(sessionId)).filter((row) => row.status !== 'skipped')
  return new Set((excludePlayed ? played : played.slice(-2)).map((row) => row.game_id))
}
