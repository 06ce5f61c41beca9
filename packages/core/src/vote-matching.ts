// Rules shared by live votes and chat imports.
import type { TimelineEntry } from './store.ts'

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

/** "thisgame++" is up, "thisgame--" down, case-insensitive; a message with both is no vote. */
export function voteInMessage(message: string): 'up' | 'down' | null {
  const text = message.toLowerCase()
  const up = text.includes('thisgame++')
  const down = text.includes('thisgame--')
  return up === down ? null : up ? 'up' : 'down'
}
