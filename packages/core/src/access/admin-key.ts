// The admin key and the JWT secret. Only a salted hash of a generated key is
// stored; a key given by configuration is never stored at all.
import { createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'
import type { CoreContext } from '../common/context.ts'
import { generateSecret, JWT_SECRET } from './generated-secrets.ts'
import type { Secrets } from './secrets.ts'

const KEY_HASH = 'admin_key_hash'

function hashKey(key: string, salt = randomBytes(16).toString('hex')): string {
  return `scrypt:${salt}:${scryptSync(key, salt, 32).toString('hex')}`
}

function matchesHash(key: string, stored: string): boolean {
  const [, salt, hex] = stored.split(':')
  const expected = Buffer.from(hex ?? '', 'hex')
  const actual = scryptSync(key, salt ?? '', 32)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** Keyed per process: the digests below mean nothing outside it. */
const COMPARE_KEY = randomBytes(32)

function constantTimeEquals(a: string, b: string): boolean {
  // Comparing fixed-length digests keeps the time independent of where the strings differ. An
  // HMAC, not scrypt: a configured key is never stored, so there is no hash to make slow, and
  // guesses are held back by the failed-login limit. Each scrypt takes 16 MiB that the allocator
  // keeps (the server's RSS grew 16 MB at its first login) and blocks the event loop for ~50 ms.
  const digest = (text: string) => createHmac('sha256', COMPARE_KEY).update(text).digest()
  return timingSafeEqual(digest(a), digest(b))
}

export function createAdminKeys({ store }: CoreContext, secrets: Secrets) {
  return {
    /** With no configured key, makes sure a hashed key exists; returns a newly generated key to show once. */
    ensure: async (): Promise<string | null> =>
      store.transaction(async (tx) => {
        await tx.lock(KEY_HASH) // servers starting together generate one key, not one each
        if (await tx.getSetting(KEY_HASH)) return null
        const key = generateSecret()
        await tx.setSetting(KEY_HASH, hashKey(key))
        return key
      }),

    /**
     * Replaces the stored key; returns the new one to show once. A key is rotated because it may
     * have leaked, so the stored token secret is replaced too: tokens bought with the old key stop
     * working once the server restarts (a JWT_SECRET from the environment is the operator's).
     */
    rotate: async (): Promise<string> => {
      const key = generateSecret()
      const signing = await secrets.seal(generateSecret())
      await store.transaction(async (tx) => {
        await tx.setSetting(KEY_HASH, hashKey(key))
        if (await tx.getSetting(JWT_SECRET)) await tx.setSetting(JWT_SECRET, signing)
      })
      return key
    },

    /** Constant-time check against the configured key, or else the stored hash. */
    verify: async (key: string, configured?: string): Promise<boolean> => {
      if (configured) return constantTimeEquals(key, configured)
      const stored = await store.read((tx) => tx.getSetting(KEY_HASH))
      return stored !== null && matchesHash(key, stored)
    },

    /** The configured JWT secret, else the one kept (sealed) in the database, generated on first use. */
    jwtSecret: async (configured?: string): Promise<string> => {
      if (configured) return configured
      const stored = await store.read((tx) => tx.getSetting(JWT_SECRET))
      if (stored) return secrets.open(stored)
      const fresh = await secrets.seal(generateSecret())
      return secrets.open(await store.transaction(async (tx) => {
        await tx.lock(JWT_SECRET) // one secret for every server, or tokens would not travel
        const existing = await tx.getSetting(JWT_SECRET)
        if (existing) return existing
        await tx.setSetting(JWT_SECRET, fresh)
        return fresh
      }))
    },
  }
}
