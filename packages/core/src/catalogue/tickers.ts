// A game's ticker: the short name chat votes with (`QPL3++`). Stored upper-case, so "unique in
// any case" is the unique index on the column.
import { conflict, invalidInput } from '../common/errors.ts'
import type { StoreReads, StoreTx } from '../store/store.ts'
import type { Game, GameFields } from '../common/types.ts'

export const INVALID_TICKER = 'ticker must be 2 to 8 letters or digits'
const TICKER = /^[A-Z0-9]{2,8}$/

/** A ticker as given (any case) → upper-case, or null for none; anything else is a 400. */
export function readTicker(value: unknown): string | null {
  if (value === null) return null
  const ticker = typeof value === 'string' ? value.toUpperCase() : ''
  if (!TICKER.test(ticker)) throw invalidInput(INVALID_TICKER)
  return ticker
}

/** 409 when another game (not `selfId`) holds the ticker. */
export async function assertTickerFree(tx: StoreReads, ticker: string | null, selfId?: number): Promise<void> {
  if (ticker === null) return
  const holder = await tx.findGameByTicker(ticker)
  if (holder && holder.id !== selfId) throw conflict(`Ticker already in use: ${ticker}`)
}

/**
 * Before an import writes its rows: 409 when a row's ticker is held by a game that keeps it (a
 * game not in the file, or one whose row leaves its ticker alone); then clears the tickers the
 * file moves, so tickers swapped between games never meet in the unique index.
 */
export async function freeImportTickers(
  tx: StoreTx, games: readonly Game[], rows: readonly (GameFields & { ticker?: string | null })[],
  keyOf: (game: Pick<GameFields, 'pack_name' | 'title'>) => string,
): Promise<void> {
  const given = new Map(rows.filter((row) => row.ticker !== undefined).map((row) => [keyOf(row), row.ticker ?? null]))
  const kept = new Map<string, string>()
  for (const game of games) if (game.ticker && !given.has(keyOf(game))) kept.set(game.ticker, keyOf(game))
  for (const [key, ticker] of given) {
    if (ticker && kept.has(ticker) && kept.get(ticker) !== key) throw conflict(`Ticker already in use: ${ticker}`)
  }
  for (const game of games) {
    const ticker = given.get(keyOf(game))
    if (game.ticker && ticker !== undefined && ticker !== game.ticker) await tx.updateGame(game.id, { ticker: null })
  }
}
