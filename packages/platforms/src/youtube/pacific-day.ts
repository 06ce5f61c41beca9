// YouTube's daily quota resets at midnight Pacific time (America/Los_Angeles, PST or PDT), not
// at midnight UTC: a streamer in Europe starts a new quota day in the morning.
// The formats are made on first use: making them loads the time zone's data, ~25 ms that every
// CLI command would pay at start-up, YouTube or not.
const PACIFIC = 'America/Los_Angeles'
let dayFormat: Intl.DateTimeFormat | undefined
let partsFormat: Intl.DateTimeFormat | undefined

/** The quota day a moment falls in: its Pacific calendar date, `YYYY-MM-DD`. */
export function pacificDay(ms: number): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: PACIFIC, year: 'numeric', month: '2-digit', day: '2-digit' })
  return dayFormat.format(ms)
}

/** Milliseconds that Pacific wall-clock time is ahead of UTC at `ms` (negative: -7 or -8 hours). */
function pacificOffset(ms: number): number {
  partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: PACIFIC, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  })
  const parts = partsFormat.formatToParts(ms)
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'))
  return wall - Math.floor(ms / 1000) * 1000
}

/** When the quota day holding `ms` ends: the next midnight Pacific time, as epoch milliseconds. */
export function nextQuotaReset(ms: number): number {
  const [year, month, day] = pacificDay(ms).split('-').map(Number)
  const midnightWall = Date.UTC(year, month - 1, day + 1)
  // The offset at that midnight, not now: the day may end across a daylight-saving change.
  const guess = midnightWall - pacificOffset(ms)
  return midnightWall - pacificOffset(guess)
}
