// API tokens: each client (a chat bot, an overlay, a helper) gets a token with only the scopes
// it needs instead of the admin key. The token is 32 random bytes, shown once at creation; only
// its SHA-256 is stored. A fast hash is enough here, unlike for a password: a slow hash protects
// guessable secrets, and 256 random bits cannot be guessed however fast each guess is.
import { createHash, randomBytes } from 'node:crypto'
import { type CoreContext, isoNow } from '../common/context.ts'
import { invalidInput, notFound } from '../common/errors.ts'
import type { ApiToken, Scope } from '../common/types.ts'
import { asFields } from '../common/validate.ts'

export const SCOPES: readonly Scope[] = ['admin', 'catalogue', 'sessions', 'votes', 'webhooks']
export const TOKEN_PREFIX = 'gp_'
/** last_used_at is written at most this often per token and server: not a write per request. */
export const LAST_USED_GRANULARITY_MS = 60_000

const DAY_MS = 24 * 60 * 60_000

export const isScope = (value: unknown): value is Scope => SCOPES.includes(value as Scope)

/** `admin` holds every scope. */
export const holdsScope = (scopes: readonly Scope[], scope: Scope) => scopes.includes(scope) || scopes.includes('admin')

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A token that authenticated: who it is and what it may do. */
export interface TokenHolder { id: number; name: string; scopes: Scope[] }

export interface CreatedToken extends ApiToken { token: string }

function readName(value: unknown): string {
  if (typeof value !== 'string' || value.trim().length < 1 || value.length > 64) {
    throw invalidInput('name must be 1 to 64 characters')
  }
  return value.trim()
}

function readScopes(value: unknown): Scope[] {
  if (!Array.isArray(value) || value.length === 0) throw invalidInput('scopes must be a non-empty list')
  const unknown = value.find((scope) => !isScope(scope))
  if (unknown !== undefined) throw invalidInput(`Unknown scope: ${typeof unknown === 'string' ? unknown : JSON.stringify(unknown)}`)
  return SCOPES.filter((scope) => value.includes(scope)) // each once, in one order
}

function readExpiry(value: unknown): number | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 3650) {
    throw invalidInput('expiresInDays must be an integer from 1 to 3650')
  }
  return value
}

export function createApiTokens(ctx: CoreContext, log: (line: string) => void = () => {}) {
  const { store } = ctx
  // Per token: when this server last wrote its last_used_at.
  const touched = new Map<number, number>()

  function touch(id: number) {
    const now = ctx.now()
    const last = touched.get(id)
    if (last !== undefined && now.getTime() - last < LAST_USED_GRANULARITY_MS) return
    touched.set(id, now.getTime())
    // Not awaited: the request that used the token does not wait for (or fail on) this note.
    store.transaction((tx) => tx.touchApiToken(id, now.toISOString()))
      .catch((error) => log(`Could not note a token's last use: ${(error as Error).message}`))
  }

  return {
    /** Validates `{ name, scopes, expiresInDays? }`; the answer holds the token, which is never shown again. */
    create: async (input: unknown): Promise<CreatedToken> => {
      const fields = asFields(input)
      const name = readName(fields.name)
      const scopes = readScopes(fields.scopes)
      const days = readExpiry(fields.expiresInDays)
      const token = TOKEN_PREFIX + randomBytes(32).toString('base64url')
      const createdAt = isoNow(ctx)
      const expiresAt = days === null ? null : new Date(ctx.now().getTime() + days * DAY_MS).toISOString()
      const saved = await store.transaction((tx) => tx.insertApiToken({
        name, scopes, token_hash: hashToken(token), created_at: createdAt, expires_at: expiresAt,
      }))
      // The token goes after the stored fields, so a client that prints the object sees it last.
      return { id: saved.id, name: saved.name, scopes: saved.scopes, token, created_at: saved.created_at,
        expires_at: saved.expires_at, last_used_at: saved.last_used_at }
    },

    /** Newest first. */
    list: (): Promise<ApiToken[]> => store.read((tx) => tx.listApiTokens()),

    revoke: async (id: number): Promise<void> => {
      const deleted = await store.transaction((tx) => tx.deleteApiToken(id))
      if (!deleted) throw notFound('Token not found')
      touched.delete(id)
    },

    /** The holder of a `gp_` token, or null when it is unknown, revoked or expired. */
    authenticate: async (token: string): Promise<TokenHolder | null> => {
      const record = await store.read((tx) => tx.findApiToken(hashToken(token)))
      if (!record) return null
      if (record.expires_at !== null && record.expires_at <= isoNow(ctx)) return null
      touch(record.id)
      return { id: record.id, name: record.name, scopes: record.scopes }
    },
  }
}

export type ApiTokens = ReturnType<typeof createApiTokens>
