// The list and picker filters: parsing from query strings or JSON bodies, and
// the one predicate both use.
import { invalidInput } from '../common/errors.ts'
import type { Game, GameFilter } from '../common/types.ts'

const DRAWING = ['only', 'exclude'] as const
const LENGTH = ['short', 'medium', 'long'] as const

/** Accepts query-string values ("6", "true") as well as JSON values (6, true). */
export function parseGameFilter(input: Record<string, unknown>, keys: (keyof GameFilter)[]): GameFilter {
  const filter: GameFilter = {}
  for (const key of keys) {
    const value = input[key]
    if (value === undefined || value === null || value === '') continue
    switch (key) {
      case 'playerCount':
        filter.playerCount = parseInteger(value, key)
        break
      case 'drawing':
        filter.drawing = parseChoice(value, key, DRAWING)
        break
      case 'length':
        filter.length = parseChoice(value, key, LENGTH)
        break
      case 'familyFriendly':
      case 'enabled':
        filter[key] = parseBoolean(value, key)
        break
      case 'pack':
        if (typeof value !== 'string') throw invalidInput('pack must be a string')
        filter.pack = value
        break
    }
  }
  return filter
}

/** A string naming the filter, for caches of filtered results (the pack, free text, goes last and quoted). */
export function filterKey(filter: GameFilter): string {
  return `${filter.playerCount}|${filter.drawing}|${filter.length}|${filter.familyFriendly}|${filter.enabled}|${JSON.stringify(filter.pack)}`
}

export function matchesFilter(game: Game, filter: GameFilter): boolean {
  if (filter.playerCount !== undefined
    && (game.min_players > filter.playerCount || game.max_players < filter.playerCount)) return false
  if (filter.drawing !== undefined && isDrawing(game) !== (filter.drawing === 'only')) return false
  if (filter.length !== undefined && !matchesLength(game.length_minutes, filter.length)) return false
  if (filter.familyFriendly !== undefined && (game.family_friendly === 1) !== filter.familyFriendly) return false
  if (filter.enabled !== undefined && (game.enabled === 1) !== filter.enabled) return false
  if (filter.pack !== undefined && game.pack_name !== filter.pack) return false
  return true
}

// Runs for every game on every pick: no allocations, and only same-length types are lowercased.
const isDrawingType = (type: string | null) => type?.length === 7 && type.toLowerCase() === 'drawing'
const isDrawing = (game: Game) => isDrawingType(game.game_type) || isDrawingType(game.secondary_type)

function matchesLength(minutes: number | null, length: GameFilter['length']): boolean {
  if (minutes === null) return false
  if (length === 'short') return minutes <= 15
  if (length === 'medium') return minutes >= 16 && minutes <= 25
  return minutes >= 26
}

function parseInteger(value: unknown, key: string): number {
  const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) throw invalidInput(`${key} must be an integer`)
  return number
}

function parseBoolean(value: unknown, key: string): boolean {
  if (value === true || value === 'true') return true
  if (value === false || value === 'false') return false
  throw invalidInput(`${key} must be true or false`)
}

function parseChoice<T extends string>(value: unknown, key: string, choices: readonly T[]): T {
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T
  throw invalidInput(`${key} must be one of: ${choices.join(', ')}`)
}
