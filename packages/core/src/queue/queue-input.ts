// The queue's request bodies, read with the exact messages of the API.
import { invalidInput } from '../common/errors.ts'
import { asFields } from '../common/validate.ts'

const integerIn = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max

/** `host_players` of POST /api/queue/open: 0 to 8; undefined when absent. */
export function readHostPlayers(input: unknown): number | undefined {
  const value = asFields(input).host_players
  if (value === undefined) return undefined
  if (!integerIn(value, 0, 8)) throw invalidInput('host_players must be an integer from 0 to 8')
  return value as number
}

/** `count` of POST /api/queue/seat: 1 to 16; undefined when absent. */
export function readSeatCount(input: unknown): number | undefined {
  const value = asFields(input).count
  if (value === undefined) return undefined
  if (!integerIn(value, 1, 16)) throw invalidInput('count must be an integer from 1 to 16')
  return value as number
}

/** `name` of POST /api/queue/entries: 1 to 25 characters after trimming. */
export function readEntryName(input: unknown): string {
  const value = asFields(input).name
  const name = typeof value === 'string' ? value.trim() : ''
  if ([...name].length < 1 || [...name].length > 25) throw invalidInput('name must be 1 to 25 characters')
  return name
}
