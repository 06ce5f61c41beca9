// Admin login and bearer tokens: jose HS256 JWTs, 24 h, constant-time key
// checks and the failed-login limit per address (both in the core; the limit is kept in the store).
// A bearer token is either such a login token (every scope) or an API token (`gp_…`, the scopes
// it was made with, looked up in the store on every request so a revoke counts at once).
import { type Core, holdsScope, type Scope, SCOPES, TOKEN_PREFIX } from '@game-picker/core'
import { type H3Event, getRequestIP } from 'h3'
import { jwtVerify, SignJWT } from 'jose'
import { httpFailure } from './errors.ts'

export const TOKEN_LIFETIME = '24h'
// A bot posting chat votes sends the same token thousands of times: remember tokens already
// verified (until they expire) instead of checking the HMAC on every request.
const VERIFIED_TOKENS_MAX = 1000

interface Claims { role: string; timestamp: number }

/** Who sent an authenticated request, and what it may do. */
export interface Principal {
  /** As the audit log names it: "admin" or "token:NAME". */
  actor: string
  scopes: readonly Scope[]
  /** What POST /api/auth/verify answers as `user`. */
  user: Claims | { role: 'token'; name: string; scopes: Scope[] }
}

export interface AuthOptions {
  /** The configured admin key; absent = the hashed key kept in the database. */
  adminKey?: string
  /** The secret, or how to get it: a server may start before its database answers. */
  jwtSecret: string | (() => Promise<string>)
  now?: () => number
}

export function createAuth(core: Core, options: AuthOptions) {
  const { jwtSecret } = options
  let known: Uint8Array | undefined = typeof jwtSecret === 'string' ? new TextEncoder().encode(jwtSecret) : undefined
  // Fetched on first use and kept; a failure (no database yet: 503) is tried again next time.
  const secretKey = async () => (known ??= new TextEncoder().encode(await (jwtSecret as () => Promise<string>)()))
  const now = options.now ?? Date.now
  const verified = new Map<string, { claims: Claims; expiresAt: number }>()

  async function verifyToken(token: string): Promise<Claims> {
    const known = verified.get(token)
    if (known && known.expiresAt > now()) return known.claims
    verified.delete(token)
    const { payload } = await jwtVerify(token, await secretKey(), { algorithms: ['HS256'] })
    if (payload.role !== 'admin' || typeof payload.timestamp !== 'number') throw new Error('not an admin token')
    const claims = { role: payload.role, timestamp: payload.timestamp }
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear()
    verified.set(token, { claims, expiresAt: (payload.exp ?? 0) * 1000 })
    return claims
  }

  async function checkToken(token: string): Promise<Principal> {
    if (token.startsWith(TOKEN_PREFIX)) {
      const holder = await core.apiTokens.authenticate(token)
      if (!holder) throw httpFailure(403, 'Invalid or expired token')
      return { actor: `token:${holder.name}`, scopes: holder.scopes, user: { role: 'token', name: holder.name, scopes: holder.scopes } }
    }
    await secretKey()
    let claims: Claims
    try {
      claims = await verifyToken(token)
    } catch {
      throw httpFailure(403, 'Invalid or expired token')
    }
    return { actor: 'admin', scopes: SCOPES, user: claims }
  }

  return {
    async login(event: H3Event, key: unknown) {
      // The address as the socket sees it: X-Forwarded-For is anyone's to write.
      const address = getRequestIP(event) ?? 'unknown'
      if (await core.logins.isBlocked(address)) throw httpFailure(429, 'Too many login attempts. Try again later.')
      if (typeof key !== 'string' || key === '') throw httpFailure(400, 'Admin key is required')
      if (!(await core.adminKeys.verify(key, options.adminKey))) {
        await core.logins.recordFailure(address)
        throw httpFailure(401, 'Invalid admin key')
      }
      const token = await new SignJWT({ role: 'admin', timestamp: now() })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(await secretKey())
      return { token, message: 'Authentication successful', expiresIn: TOKEN_LIFETIME }
    },

    /** Who holds the bearer token; 401 without one, 403 for a bad, expired, revoked or unsigned one. */
    async authenticate(event: H3Event): Promise<Principal> {
      const token = readBearerToken(event)
      if (!token) throw httpFailure(401, 'Access token required')
      return checkToken(token)
    },

    /**
     * For public endpoints that show more to some (the event stream): true with a valid token
     * holding `scope` in the header or in `queryToken` (browsers' EventSource cannot set
     * headers), false with none or without the scope; a token that is there but bad or expired is
     * 403, as everywhere.
     */
    async holds(event: H3Event, scope: Scope, queryToken?: string): Promise<boolean> {
      const token = readBearerToken(event) ?? (queryToken || undefined)
      if (!token) return false
      return holdsScope((await checkToken(token)).scopes, scope)
    },
  }
}

export type Auth = ReturnType<typeof createAuth>

function readBearerToken(event: H3Event): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(event.req.headers.get('authorization') ?? '')?.[1]
}

/** 403 "Token lacks scope: SCOPE" unless the principal holds it. */
export function requireScope(principal: Principal, scope: Scope): void {
  if (!holdsScope(principal.scopes, scope)) throw httpFailure(403, `Token lacks scope: ${scope}`)
}
