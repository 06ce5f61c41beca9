// Small readers for untrusted input (parsed JSON, query strings, CSV cells). Each throws an
// INVALID_INPUT DomainError whose message names the field, so no bad value reaches the store.
import { invalidInput } from './errors.ts'
import type { FavorBias, Flag } from './types.ts'

export type Fields = Record<string, unknown>

export function asFields(input: unknown): Fields {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Fields) : {}
}

export const isMissing = (value: unknown) => value === undefined || value === null || value === ''

export function readString(fields: Fields, key: string, { allowEmpty = false } = {}): string {
  const value = fields[key]
  if (typeof value !== 'string') throw invalidInput(`${key} must be a string`)
  if (!allowEmpty && value.trim() === '') throw invalidInput(`${key} must not be empty`)
  return allowEmpty ? value : value.trim()
}

export function readOptionalString(fields: Fields, key: string): string | null | undefined {
  const value = fields[key]
  if (value === undefined) return undefined
  if (value === null || value === '') return null
  if (typeof value !== 'string') throw invalidInput(`${key} must be a string`)
  return value.trim() === '' ? null : value.trim()
}

export function readInteger(fields: Fields, key: string, min?: number): number {
  const value = fields[key]
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalidInput(`${key} must be an integer`)
  if (min !== undefined && value < min) throw invalidInput(`${key} must be at least ${min}`)
  return value
}

export function readBoolean(fields: Fields, key: string): boolean {
  const value = fields[key]
  if (typeof value !== 'boolean') throw invalidInput(`${key} must be true or false`)
  return value
}

export function readFlag(fields: Fields, key: string): Flag | undefined {
  return fields[key] === undefined ? undefined : readBoolean(fields, key) ? 1 : 0
}

export function isFavorBias(value: unknown): value is FavorBias {
  return value === -1 || value === 0 || value === 1
}

/** Parses a path or query id: a positive integer written in decimal digits only. */
export function parseId(value: unknown, message = 'Invalid id'): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value)
  throw invalidInput(message)
}

/** A timestamp in any form Date understands, normalised to ISO 8601 UTC with milliseconds. */
export function parseTimestamp(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}
