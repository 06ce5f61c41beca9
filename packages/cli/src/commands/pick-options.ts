// The options of `pick` and `pick -i`, and the pick they ask the backend for.
import type { PickInput } from '../backend.ts'
import { type FilterOptions, readFilter } from '../options.ts'

export interface PickOptions extends Omit<FilterOptions, 'pack'> {
  session?: number
  excludePlayed?: boolean
  audienceOverflow?: boolean
  /** --pack, repeatable. */
  pack?: string[]
  count?: number
  explain?: boolean
  notPlayedWithin?: number
  fresh?: boolean
  popular?: boolean
  seed?: string
  add?: boolean
  interactive?: boolean
}

export function toPickInput(options: PickOptions, sessionId: number | undefined): PickInput {
  const { pack: packs, notPlayedWithin: _days, fresh: _fresh, popular: _popular, ...filterOptions } = options
  const { enabled: _enabled, ...filter } = readFilter(filterOptions)
  return {
    ...filter,
    sessionId,
    excludePlayed: options.excludePlayed || undefined,
    audienceOverflow: options.audienceOverflow || undefined,
    packs,
    count: options.count,
    explain: options.explain || undefined,
    notPlayedWithinDays: options.notPlayedWithin,
    favorFresh: options.fresh || undefined,
    favorPopular: options.popular || undefined,
  }
}

