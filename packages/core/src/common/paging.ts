// Query-string readers for paged lists (`limit`, `before`, id filters). An empty value is the
// same as leaving the parameter out, as everywhere in the API.
import { invalidInput } from './errors.ts'

const isAbsent = (value: unknown) => value === undefined || value === null || value === ''

/** `limit` from 1 to `max`; absent: `fallback` (which may be undefined: no limit). */
export function readPageLimit<T extends number | undefined>(value: unknown, max: number, fallback: T): number | T {
  if (isAbsent(value)) return fallback
  const limit = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : NaN
  if (!Number.isInteger(limit) || limit < 1 || limit > max) throw invalidInput(`limit must be an integer from 1 to ${max}`)
  return limit
}

/** A positive integer id (`before`, `session_id`, ...); absent: null. */
export function readOptionalId(value: unknown, name: string): number | null {
  if (isAbsent(value)) return null
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value) || Number(value) < 1) throw invalidInput(`${name} must be a positive integer`)
  return Number(value)
}
