// Rules shared by live votes and chat imports.
import type { TimelineEntry } from '../store/store.ts'

export const DUPLICATE_WINDOW_MS = 1000

/** How many leading items of `sorted` satisfy `isBefore` (which must hold for a prefix only). */
export function countBefore<T>(sorted: readonly T[], isBefore: (item: T) => boolean): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (isBefore(sorted[mid])) low = mid + 1
    else high = mid
  }
  return low
}

/** The row with the latest played_at at or before `timestamp` (rows ordered by played_at, id). */
export function matchSessionGame(rows: readonly TimelineEntry[], timestamp: string): TimelineEntry | null {
  const count = countBefore(rows, (row) => row.played_at <= timestamp)
  return count === 0 ? null : rows[count - 1]
}

export const timeline = (rows: readonly TimelineEntry[]) =>
  rows.map((row) => ({ title: row.title, played_at: row.played_at }))

/** ISO bounds of the duplicate window around a timestamp. */
export function duplicateWindow(timestamp: string): { from: string; to: string } {
  const ms = Date.parse(timestamp)
  return {
    from: new Date(ms - DUPLICATE_WINDOW_MS + 1).toISOString(),
    to: new Date(ms + DUPLICATE_WINDOW_MS - 1).toISOString(),
  }
}

/** A vote a chat message holds: on the game playing, or (with `ticker`, upper-case) on the game of that ticker. */
export interface ChatVote { type: 'up' | 'down'; ticker?: string }

// `TICKER++` / `TICKER--`: a ticker-shaped word (not inside a longer word) right before the mark.
const TICKER_MARK = /(?<![A-Za-z0-9])([A-Za-z0-9]{2,8})(\+\+|--)/g

/**
 * "thisgame++" is up and "thisgame--" down (anywhere, case-insensitive, as before tickers);
 * "QPL3++" / "qpl3--" (the ticker as a whole word) a vote on that ticker's game. A message with
 * two different vote marks is no vote; the same mark repeated is one vote.
 */
export function readChatVote(message: string): ChatVote | null {
  if (!message.includes('++') && !message.includes('--')) return null
  const text = message.toLowerCase()
  const marks = new Set<string>()
  if (text.includes('thisgame++')) marks.add('++')
  if (text.includes('thisgame--')) marks.add('--')
  for (const [, word, mark] of text.matchAll(TICKER_MARK)) {
    if (word !== 'thisgame') marks.add(`${word.toUpperCase()}${mark}`)
  }
  if (marks.size !== 1) return null
  const [mark] = marks
  const type = mark.endsWith('++') ? 'up' : 'down'
  return mark.length === 2 ? { type } : { type, ticker: mark.slice(0, -2) }
}

/** The vote on the game playing a message holds (a ticker vote is not one). */
export function voteInMessage(message: string): 'up' | 'down' | null {
  const vote = readChatVote(message)
  return vote && !vote.ticker ? vote.type : null
}
