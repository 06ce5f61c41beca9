// Admin login and bearer tokens: jose HS256 JWTs, 24 h, constant-time key
// checks and the failed-login limit per address (both in the core; the limit is kept in the store).
import type { Core } from '@game-picker/core'
import { type H3Event, getRequestIP } from 'h3'
import { jwtVerify, SignJWT } from 'jose'
import { httpFailure } from './errors.ts'

export const TOKEN_LIFETIME = '24h'
// A bot posting chat votes sends the same token thousands of times: remember tokens already
// verified (until they expire) instead of checking the HMAC on every request.
const VERIFIED_TOKENS_MAX = 1000

interface Claims { role: string; timestamp: number }

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

  async function checkToken(token: string): Promise<Claims> {
    await secretKey()
    try {
      return await verifyToken(token)
    } catch {
      throw httpFailure(403, 'Invalid or expired token')
    }
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

    /** The token's claims; 401 without a bearer token, 403 for a bad, expired or unsigned one. */
    async requireAdmin(event: H3Event): Promise<Claims> {
      const token = readBearerToken(event)
      if (!token) throw httpFailure(401, 'Access token required')
      return checkToken(token)
    },

    /**
     * For public endpoints that show admins more (the event stream): true with a valid token in
     * the header or in `queryToken` (browsers' EventSource cannot set headers), false with none;
     * a token that is there but bad or expired is 403, as everywhere.
     */
    async isAdmin(event: H3Event, queryToken?: string): Promise<boolean> {
      const token = readBearerToken(event) ?? (queryToken || undefined)
      if (!token) return false
      await checkToken(token)
      return true
    },
  }
}

export type Auth = ReturnType<typeof createAuth>

function readBearerToken(event: H3Event): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(event.req.headers.get('authorization') ?? '')?.[1]
}
