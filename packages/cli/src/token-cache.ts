// Caches the bearer token between CLI runs, so a script of many commands logs in once. One
// file per server URL and key (a changed key never reuses a token), private to the user, under
// the OS temp folder. Any failure here only costs a fresh login.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TokenCache {
  read(): Promise<string | undefined>
  write(token: string): Promise<void>
  clear(): Promise<void>
}

/** Tokens live 24 h on the server; stop reusing a cached one a little before that. */
const MAX_AGE_MS = 23 * 60 * 60 * 1000

export function createFileTokenCache(url: string, key: string, dir = join(tmpdir(), 'game-picker-tokens')): TokenCache {
  const file = join(dir, `${createHash('sha256').update(`${url}\n${key}`).digest('hex').slice(0, 32)}.json`)
  return {
    read: async () => {
      try {
        const { token, savedAt } = JSON.parse(await readFile(file, 'utf8')) as { token?: unknown; savedAt?: unknown }
        const fresh = typeof savedAt === 'number' && Date.now() - savedAt < MAX_AGE_MS
        return typeof token === 'string' && fresh ? token : undefined
      } catch {
        return undefined
      }
    },
    write: async (token) => {
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 })
        await writeFile(file, JSON.stringify({ token, savedAt: Date.now() }), { mode: 0o600 })
      } catch {
        // Not cached: the next run logs in again.
      }
    },
    clear: () => rm(file, { force: true }).catch(() => {}),
  }
}

export function createMemoryTokenCache(): TokenCache {
  let token: string | undefined
  return {
    read: async () => token,
    write: async (value) => void (token = value),
    clear: async () => void (token = undefined),
  }
}
