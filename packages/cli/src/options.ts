// Parsers and shared option sets for commander. A value that does not parse is a commander
// InvalidArgumentError, which the CLI reports as bad usage (exit 2).
import {
  type FavorBias, type GameFilter, isDomainError, MAX_NOT_PLAYED_DAYS, MAX_PICK_COUNT, MIN_BACKUP_INTERVAL_MS,
  readEntryName, readHostPlayers, readSeatCount,
} from '@game-picker/core'
import { type Command, InvalidArgumentError, Option } from 'commander'
import { UsageError } from './cli-errors.ts'

function parseInteger(value: string, min: number, what: string): number {
  if (!/^-?\d+$/.test(value.trim()) || Number(value) < min) throw new InvalidArgumentError(`must be ${what}.`)
  return Number(value)
}

export const parseId = (value: string) => parseInteger(value, 1, 'a positive integer id')
export const parsePositive = (value: string) => parseInteger(value, 1, 'an integer of at least 1')
export const parseCount = (value: string) => parseInteger(value, 0, 'an integer of at least 0')

/** `serve --backup-every`: a number of seconds, minutes or hours (`30s`, `10m`, `24h`), at least 10 s; in ms. */
export function parseInterval(value: string): number {
  const match = /^(\d+)(s|m|h)$/.exec(value.trim())
  const ms = match ? Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 's' | 'm' | 'h'] : Number.NaN
  if (!(ms >= MIN_BACKUP_INTERVAL_MS)) throw new InvalidArgumentError('must be an interval like 30s, 10m or 24h, at least 10s.')
  return ms
}
export const DEFAULT_BACKUP_EVERY = 24 * 3_600_000

/** `pick --count`: the API's range, refused here as bad usage before anything is opened. */
export function parseDays(value: string): number {
  const days = parseInteger(value, 1, `an integer from 1 to ${MAX_NOT_PLAYED_DAYS}`)
  if (days > MAX_NOT_PLAYED_DAYS) throw new InvalidArgumentError(`must be an integer from 1 to ${MAX_NOT_PLAYED_DAYS}.`)
  return days
}

/** `--limit` of a paged list: 1 to 500. */
export function parsePageLimit(value: string): number {
  const limit = parseInteger(value, 1, 'an integer from 1 to 500')
  if (limit > 500) throw new InvalidArgumentError('must be an integer from 1 to 500.')
  return limit
}

export function parsePickCount(value: string): number {
  const count = parseInteger(value, 1, `an integer from 1 to ${MAX_PICK_COUNT}`)
  if (count > MAX_PICK_COUNT) throw new InvalidArgumentError(`must be an integer from 1 to ${MAX_PICK_COUNT}.`)
  return count
}

/** Digits become the number a JSON body would carry; any other text stays text, which the API's check refuses. */
const asBodyNumber = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text) : text)

/**
 * The queue's values are checked by the API's own readers, so a bad one is refused in the API's
 * words (not commander's "argument ... is invalid"), as bad usage before anything is opened,
 * the same locally and with --remote. A UsageError passes through commander unchanged.
 */
function checkedLikeTheApi<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    throw isDomainError(error) && error.code === 'INVALID_INPUT' ? new UsageError(error.message) : error
  }
}

export const parseSeatCount = (text: string) => checkedLikeTheApi(() => readSeatCount({ count: asBodyNumber(text) }))
export const parseHostPlayers = (text: string) => checkedLikeTheApi(() => readHostPlayers({ host_players: asBodyNumber(text) }))
/** Trimmed, as the API keeps it. */
export const parseEntryName = (text: string) => checkedLikeTheApi(() => readEntryName({ name: text }))

/** A repeatable option: each use adds a value. */
export const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value]

const FAVOR_WORDS: Record<string, FavorBias> = { favor: 1, neutral: 0, disfavor: -1, '1': 1, '0': 0, '-1': -1 }

/** Words, since "-1" reads as an option on a command line (numbers work after `--`). */
export function parseFavor(value: string): FavorBias {
  const favor = FAVOR_WORDS[value.toLowerCase()]
  if (favor === undefined) throw new InvalidArgumentError('must be favor, neutral or disfavor.')
  return favor
}

export function parseTimestamp(value: string): string {
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) throw new InvalidArgumentError('must be a date-time such as 2026-11-22T20:15:00Z.')
  return new Date(ms).toISOString()
}

export interface FilterOptions {
  players?: number
  drawing?: GameFilter['drawing']
  length?: GameFilter['length']
  familyFriendly?: boolean
  enabled?: boolean
  disabled?: boolean
  pack?: string
}

/** The filters `games list` and `pick` share; `list` adds enabled and pack. */
export function addFilterOptions(command: Command, { list = false } = {}): Command {
  command
    .option('-p, --players <n>', 'games for this many players', parsePositive)
    .addOption(new Option('--drawing <mode>', 'drawing games').choices(['only', 'exclude']))
    .addOption(new Option('--length <length>', 'short (<=15 min), medium (16-25), long (>=26)').choices(['short', 'medium', 'long']))
    .option('--family-friendly', 'only family-friendly games')
    .option('--no-family-friendly', 'only games that are not family friendly')
  if (list) {
    command
      .option('--enabled', 'only enabled games')
      .option('--disabled', 'only disabled games')
      .option('--pack <name>', 'only this pack (exact name)')
  }
  return command
}

/** The filters and session rules of a pick: `pick` and `poll open` (which draws its candidates with one). */
export function addPickOptions(command: Command): Command {
  return addFilterOptions(command)
    .option('--session <id>', 'skip the games this session played last', parseId)
    .option('--exclude-played', 'with a session: skip every game it has played')
    .option('--audience-overflow', 'with --players: audience games also take more players than their maximum')
    .option('--pack <name>', 'only games of this pack (exact name; repeat for several)', collect)
    .option('--not-played-within <days>', `skip games played in the last DAYS days (1-${MAX_NOT_PLAYED_DAYS})`, parseDays)
    .option('--fresh', 'favor games not played for a while (never played x3, just played x1)')
    .option('--popular', 'favor games chat voted up ((up + 1) / (down + 1), 1/3 to 3)')
}

export function readFilter(options: FilterOptions): GameFilter {
  const filter: GameFilter = {}
  if (options.players !== undefined) filter.playerCount = options.players
  if (options.drawing !== undefined) filter.drawing = options.drawing
  if (options.length !== undefined) filter.length = options.length
  if (options.familyFriendly !== undefined) filter.familyFriendly = options.familyFriendly
  if (options.enabled || options.disabled) filter.enabled = Boolean(options.enabled)
  if (options.pack !== undefined) filter.pack = options.pack
  return filter
}
