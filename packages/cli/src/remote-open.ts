// Remote mode's backend for a URL and key, with the token cached on disk between runs.
import type { Backend } from './backend.ts'
import { createRemoteBackend } from './remote-backend.ts'
import { createRemoteClient } from './remote-client.ts'
import { createFileTokenCache } from './token-cache.ts'

export function openRemoteBackend(url: string, key: string | undefined): Backend {
  const tokenCache = key ? createFileTokenCache(url, key) : undefined
  return createRemoteBackend(createRemoteClient({ url, key, tokenCache }))
}
