// The catalogue: games and their flags.
import { type CoreContext, isoNow } from '../common/context.ts'
import { conflict, invalidInput, notFound } from '../common/errors.ts'
import { filterKey, matchesFilter } from './filters.ts'
import { readAppTags } from './app-tags.ts'
import { readGameFieldUpdate, readNewGameFields } from './game-fields.ts'
import type { GamePatch, StoreReads, StoreTx } from '../store/store.ts'
import type { FavorBias, Game, GameFilter } from '../common/types.ts'
import { assertTickerFree, readTicker } from './tickers.ts'
import { asFields, isFavorBias, readFlag } from '../common/validate.ts'

export const DUPLICATE_GAME = 'A game with this title already exists in this pack'
export const INVALID_FAVOR = 'favor_bias must be 1 (favor), -1 (disfavor), or 0 (neutral)'

export async function getGameOrThrow(tx: StoreReads, id: number): Promise<Game> {
  const game = await tx.getGame(id)
  if (!game) throw notFound('Game not found')
  return game
}

export function readFavorBias(input: unknown): FavorBias {
  const value = asFields(input).favor_bias
  if (!isFavorBias(value)) throw invalidInput(INVALID_FAVOR)
  return value
}

// The store returns the same games array until the catalogue changes, so a filter's answer is
// the same array too: the HTTP layer serializes it once per array (a fresh array from a store
// that does not cache simply misses).
const listed = new WeakMap<readonly Game[], Map<string, readonly Game[]>>()
const MAX_FILTERS = 64

function filterCatalogue(games: readonly Game[], filter: GameFilter): readonly Game[] {
  let byFilter = listed.get(games)
  if (!byFilter) listed.set(games, byFilter = new Map())
  const key = filterKey(filter)
  let result = byFilter.get(key)
  if (!result) {
    if (byFilter.size >= MAX_FILTERS) byFilter.clear()
    result = games.filter((game) => matchesFilter(game, filter))
    byFilter.set(key, result)
  }
  return result
}

export function createGames(ctx: CoreContext) {
  const { store } = ctx

  async function assertUniqueTitle(tx: StoreReads, packName: string, title: string, selfId?: number) {
    const existing = await tx.findGame(packName, title)
    if (existing && existing.id !== selfId) throw conflict(DUPLICATE_GAME)
  }

  async function updateGame(tx: StoreTx, id: number, patch: GamePatch): Promise<Game> {
    await tx.updateGame(id, patch)
    if (patch.pack_name) await tx.ensurePack(patch.pack_name, isoNow(ctx))
    return getGameOrThrow(tx, id)
  }

  return {
    /** Games passing the filter, ordered by pack_name then title. Callers must not mutate the result. */
    list: (filter: GameFilter = {}): Promise<readonly Game[]> =>
      store.read(async (tx) => filterCatalogue(await tx.listGames(), filter)),

    get: (id: number): Promise<Game> => store.read((tx) => getGameOrThrow(tx, id)),

    create: async (input: unknown): Promise<Game> => {
      const fields = readNewGameFields(asFields(input))
      const appTags = readAppTags(asFields(input)) ?? []
      const ticker = readTicker(asFields(input).ticker ?? null)
      return store.transaction(async (tx) => {
        await assertUniqueTitle(tx, fields.pack_name, fields.title)
        await assertTickerFree(tx, ticker)
        const createdAt = isoNow(ctx)
        await tx.ensurePack(fields.pack_name, createdAt)
        return tx.insertGame({ ...fields, enabled: 1, favor_bias: 0, created_at: createdAt, ticker, app_tags: appTags })
      })
    },

    update: async (id: number, input: unknown): Promise<Game> => {
      const fields = asFields(input)
      return store.transaction(async (tx) => {
        const game = await getGameOrThrow(tx, id)
        const patch: GamePatch = readGameFieldUpdate(fields, game)
        const enabled = readFlag(fields, 'enabled')
        if (enabled !== undefined) patch.enabled = enabled
        if (fields.ticker !== undefined) {
          patch.ticker = readTicker(fields.ticker)
          await assertTickerFree(tx, patch.ticker, id)
        }
        const appTags = readAppTags(fields)
        if (appTags !== undefined) patch.app_tags = appTags
        if (patch.pack_name !== undefined || patch.title !== undefined) {
          await assertUniqueTitle(tx, patch.pack_name ?? game.pack_name, patch.title ?? game.title, id)
        }
        return updateGame(tx, id, patch)
      })
    },

    remove: (id: number): Promise<void> =>
      store.transaction(async (tx) => {
        await getGameOrThrow(tx, id)
        await tx.deleteGame(id)
      }),

    toggle: (id: number): Promise<Game> =>
      store.transaction(async (tx) => {
        const game = await getGameOrThrow(tx, id)
        return updateGame(tx, id, { enabled: game.enabled ? 0 : 1 })
      }),

    setFavor: async (id: number, input: unknown): Promise<FavorBias> => {
      const favorBias = readFavorBias(input)
      return store.transaction(async (tx) => {
        await getGameOrThrow(tx, id)
        await tx.updateGame(id, { favor_bias: favorBias })
        return favorBias
      })
    },
  }
}
