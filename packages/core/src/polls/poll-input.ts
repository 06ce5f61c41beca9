// The bodies of POST /api/polls and POST /api/polls/{id}/votes, validated. Whether games exist
// and polls are open is the store's to say; these only check shapes.
import { invalidInput } from '../common/errors.ts'
import type { PollVoterKind } from '../store/store.ts'
import { asFields, type Fields } from '../common/validate.ts'

export const MIN_CANDIDATES = 2
export const MAX_CANDIDATES = 10
const DEFAULT_PICK_COUNT = 3

export interface OpenPollRequest {
  /** The candidates in order, or a pick request (its `count` set) that draws them. */
  source: { gameIds: number[] } | { pick: Fields & { count: number } }
  /** Null: open until closed. */
  durationSeconds: number | null
  addWinner: boolean
}

export interface Ballot {
  kind: PollVoterKind
  voter: string
  /** Unchecked: its range depends on the poll. */
  choice: unknown
}

const present = (value: unknown) => value !== undefined && value !== null

export function parseOpenPoll(input: unknown): OpenPollRequest {
  const fields = asFields(input)
  if (present(fields.gameIds) === present(fields.pick)) throw invalidInput('Give either gameIds or pick')
  return {
    source: present(fields.gameIds) ? { gameIds: readGameIds(fields.gameIds) } : { pick: readPick(fields.pick) },
    durationSeconds: readDuration(fields.durationSeconds),
    addWinner: readAddWinner(fields.addWinner),
  }
}

function readGameIds(value: unknown): number[] {
  const valid = Array.isArray(value) && value.length >= MIN_CANDIDATES && value.length <= MAX_CANDIDATES
    && value.every((id) => Number.isSafeInteger(id) && id > 0) && new Set(value).size === value.length
  if (!valid) throw invalidInput(`gameIds must be ${MIN_CANDIDATES} to ${MAX_CANDIDATES} distinct game ids`)
  return value as number[]
}

/** A pick request as POST /api/pick takes it (the picker checks the rest); `count` 2 to 10, default 3. */
function readPick(value: unknown): Fields & { count: number } {
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidInput('pick must be an object')
  const pick = value as Fields
  const count = pick.count ?? DEFAULT_PICK_COUNT
  if (typeof count !== 'number' || !Number.isInteger(count) || count < MIN_CANDIDATES || count > MAX_CANDIDATES) {
    throw invalidInput(`count must be an integer from ${MIN_CANDIDATES} to ${MAX_CANDIDATES}`)
  }
  return { ...pick, count }
}

function readDuration(value: unknown): number | null {
  if (!present(value)) return null
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 10 || value > 3600) {
    throw invalidInput('durationSeconds must be an integer from 10 to 3600')
  }
  return value
}

function readAddWinner(value: unknown): boolean {
  if (!present(value)) return false
  if (typeof value !== 'boolean') throw invalidInput('addWinner must be a boolean')
  return value
}

const VOTER = /^[A-Za-z0-9_-]{8,64}$/

/** `{ choice, voter }` (a phone) or `{ choice, username }` (chat). */
export function parseBallot(input: unknown): Ballot {
  const fields = asFields(input)
  if (present(fields.voter) === present(fields.username)) throw invalidInput('Give either voter or username')
  if (present(fields.voter)) {
    if (typeof fields.voter !== 'string' || !VOTER.test(fields.voter)) {
      throw invalidInput('voter must be 8 to 64 letters, digits, _ or -')
    }
    return { kind: 'phone', voter: fields.voter, choice: fields.choice }
  }
  return { kind: 'chat', voter: readUsername(fields.username), choice: fields.choice }
}

export function readUsername(value: unknown): string {
  const length = typeof value === 'string' ? [...value].length : 0
  if (typeof value !== 'string' || length < 1 || length > 64) throw invalidInput('username must be 1 to 64 characters')
  return value
}

/** An integer from 1 to the number of candidates. */
export function readChoice(value: unknown, candidates: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > candidates) {
    throw invalidInput(`choice must be an integer from 1 to ${candidates}`)
  }
  return value
}

/** `limit` of GET /api/polls: 1 to 100, default 20. */
export function readPollLimit(value: unknown): number {
  if (value === undefined || value === null || value === '') return 20
  const limit = typeof value === 'number' ? value : /^\d{1,4}$/.test(String(value)) ? Number(value) : NaN
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalidInput('limit must be an integer from 1 to 100')
  return limit
}
