// Aggregate statistics, computed from the cached catalogue and two counts.
import type { CoreContext } from '../common/context.ts'
import { compareText } from '../catalogue/packs.ts'
import type { Game, Pack } from '../common/types.ts'

export interface GameStat {
  id: number
  title: string
  pack_name: string
  play_count: number
  popularity_score: number
  upvotes: number
  downvotes: number
}

export interface Stats {
  games: { count: number }
  gamesEnabled: { count: number }
  packs: { count: number }
  sessions: { count: number }
  activeSessions: { count: number }
  totalGamesPlayed: { count: number }
  mostPlayedGames: GameStat[]
  topRatedGames: GameStat[]
}

const TOP = 10

// The answer depends only on the catalogue arrays (the same instances until the catalogue
// changes) and the session counts, so it is kept per catalogue and handed out again, the same
// object, until one of them changes.
const computed = new WeakMap<readonly Game[], { packs: readonly Pack[]; total: number; active: number; stats: Stats }>()

export function createStats({ store }: CoreContext) {
  /** Callers must not mutate the result. */
  return (): Promise<Stats> =>
    store.read(async (tx) => {
      const games = await tx.listGames()
      const packs = await tx.listPacks()
      const { total, active } = await tx.countSessions()
      const known = computed.get(games)
      if (known && known.packs === packs && known.total === total && known.active === active) return known.stats
      const stats = computeStats(games, packs, total, active)
      computed.set(games, { packs, total, active, stats })
      return stats
    })
}

function computeStats(games: readonly Game[], packs: readonly Pack[], total: number, active: number): Stats {
  const mostPlayed = games.filter((game) => game.play_count > 0)
    .sort((a, b) => b.play_count - a.play_count || compareText(a.title, b.title))
  const topRated = games.filter((game) => game.upvotes + game.downvotes > 0)
    .sort((a, b) => b.popularity_score - a.popularity_score || b.upvotes - a.upvotes || compareText(a.title, b.title))
  return {
    games: { count: games.length },
    gamesEnabled: { count: games.filter((game) => game.enabled === 1).length },
    packs: { count: packs.length },
    sessions: { count: total },
    activeSessions: { count: active },
    totalGamesPlayed: { count: games.reduce((sum, game) => sum + game.play_count, 0) },
    mostPlayedGames: mostPlayed.slice(0, TOP).map(toStat),
    topRatedGames: topRated.slice(0, TOP).map(toStat),
  }
}

const toStat = (game: Game): GameStat => ({
  id: game.id, title: game.title, pack_name: game.pack_name, play_count: game.play_count,
  popularity_score: game.popularity_score, upvotes: game.upvotes, downvotes: game.downvotes,
})
