// Validation of a game's descriptive fields, shared by create, update and CSV import.
import { invalidInput } from '../common/errors.ts'
import type { GameFields } from '../common/types.ts'
import { type Fields, isMissing, readFlag, readInteger, readOptionalString, readString } from '../common/validate.ts'

const REQUIRED = ['pack_name', 'title', 'min_players', 'max_players'] as const

/** A complete set of fields for a new game (POST /api/games, a CSV row). */
export function readNewGameFields(fields: Fields): GameFields {
  if (REQUIRED.some((key) => isMissing(fields[key]))) throw invalidInput('Missing required fields')
  return checkPlayers({
    pack_name: readString(fields, 'pack_name'),
    title: readString(fields, 'title'),
    min_players: readInteger(fields, 'min_players', 1),
    max_players: readInteger(fields, 'max_players', 1),
    length_minutes: readLength(fields) ?? null,
    has_audience: readFlag(fields, 'has_audience') ?? 0,
    family_friendly: readFlag(fields, 'family_friendly') ?? 0,
    game_type: readOptionalString(fields, 'game_type') ?? null,
    secondary_type: readOptionalString(fields, 'secondary_type') ?? null,
  })
}

/** The given fields of an update, merged over the current game and checked as a whole. */
export function readGameFieldUpdate(fields: Fields, current: GameFields): Partial<GameFields> {
  const patch: Partial<GameFields> = {}
  if (fields.pack_name !== undefined) patch.pack_name = readString(fields, 'pack_name')
  if (fields.title !== undefined) patch.title = readString(fields, 'title')
  if (fields.min_players !== undefined) patch.min_players = readInteger(fields, 'min_players', 1)
  if (fields.max_players !== undefined) patch.max_players = readInteger(fields, 'max_players', 1)
  const length = readLength(fields)
  if (length !== undefined) patch.length_minutes = length
  const hasAudience = readFlag(fields, 'has_audience')
  if (hasAudience !== undefined) patch.has_audience = hasAudience
  const familyFriendly = readFlag(fields, 'family_friendly')
  if (familyFriendly !== undefined) patch.family_friendly = familyFriendly
  const gameType = readOptionalString(fields, 'game_type')
  if (gameType !== undefined) patch.game_type = gameType
  const secondaryType = readOptionalString(fields, 'secondary_type')
  if (secondaryType !== undefined) patch.secondary_type = secondaryType
  checkPlayers({ ...current, ...patch })
  return patch
}

function readLength(fields: Fields): number | null | undefined {
  if (fields.length_minutes === undefined) return undefined
  if (fields.length_minutes === null) return null
  return readInteger(fields, 'length_minutes', 1)
}

function checkPlayers<T extends Pick<GameFields, 'min_players' | 'max_players'>>(game: T): T {
  if (game.min_players > game.max_players) {
    throw invalidInput('min_players must not be greater than max_players')
  }
  return game
}
