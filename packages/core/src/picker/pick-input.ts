// The body of a pick (POST /api/pick), validated: the list filters, the session rules and the
// additions beyond the contract. Whether named packs exist is checked against
// the catalogue inside the pick.
import { invalidInput } from '../common/errors.ts'
import { parseGameFilter } from '../catalogue/filters.ts'
import type { Game, GameFilter } from '../common/types.ts'
import { asFields, type Fields, parseId, readBoolean } from '../common/validate.ts'

export interface PickRequest {
  /** The list filters except playerCount, which `fitsPlayers` applies (it knows about the audience). */
  filter: Omit<GameFilter, 'playerCount'>
  playerCount: number | undefined
  audienceOverflow: boolean
  /** Only games of these packs; undefined is every pack. */
  packs: ReadonlySet<string> | undefined
  sessionId: number | undefined
  excludePlayed: boolean
  /** Candidates to draw; undefined answers without `games`. */
  count: number | undefined
  explain: boolean
  /** Leave out games whose last_played_at is within this many days. */
  notPlayedWithinDays: number | undefined
  /** Weight × (1 + min(days since last played, 60) / 30); never played × 3. */
  favorFresh: boolean
  /** Weight × (upvotes + 1) / (downvotes + 1), clamped to 1/3 … 3. */
  favorPopular: boolean
}

export const MAX_PICK_COUNT = 10

export function parsePickInput(input: unknown): PickRequest {
  const fields = asFields(input)
  const { playerCount, ...filter } = parseGameFilter(fields, ['playerCount', 'drawing', 'length', 'familyFriendly'])
  return {
    filter,
    playerCount,
    sessionId: fields.sessionId == null ? undefined : parseId(fields.sessionId, 'sessionId must be a positive integer'),
    excludePlayed: fields.excludePlayed == null ? false : readBoolean(fields, 'excludePlayed'),
    audienceOverflow: readStrictBoolean(fields, 'audienceOverflow'),
    packs: readPacks(fields.packs),
    count: readCount(fields.count),
    explain: readStrictBoolean(fields, 'explain'),
    notPlayedWithinDays: readDays(fields.notPlayedWithinDays),
    favorFresh: readStrictBoolean(fields, 'favorFresh'),
    favorPopular: readStrictBoolean(fields, 'favorPopular'),
  }
}

/** playerCount within the game's range; with audienceOverflow, above its maximum when it has an audience. */
export function fitsPlayers(game: Game, playerCount: number | undefined, audienceOverflow: boolean): boolean {
  if (playerCount === undefined) return true
  if (playerCount < game.min_players) return false
  return playerCount <= game.max_players || (audienceOverflow && game.has_audience === 1)
}

/** Absent is false; anything else but a boolean (null included) is refused. */
function readStrictBoolean(fields: Fields, key: 'audienceOverflow' | 'explain' | 'favorFresh' | 'favorPopular'): boolean {
  const value = fields[key]
  if (value === undefined) return false
  if (typeof value !== 'boolean') throw invalidInput(`${key} must be a boolean`)
  return value
}

function readPacks(value: unknown): ReadonlySet<string> | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value) || value.length === 0 || !value.every((name) => typeof name === 'string')) {
    throw invalidInput('packs must be a non-empty array of pack names')
  }
  return new Set(value)
}

export const MAX_NOT_PLAYED_DAYS = 3650

function readDays(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_NOT_PLAYED_DAYS) {
    throw invalidInput(`notPlayedWithinDays must be an integer from 1 to ${MAX_NOT_PLAYED_DAYS}`)
  }
  return value
}

function readCount(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_PICK_COUNT) {
    throw invalidInput(`count must be an integer from 1 to ${MAX_PICK_COUNT}`)
  }
  return value
}
