// The HTTP side of remote mode: JSON requests with ofetch, logging in with the admin key on the
// first request that needs it and reusing the token (cached for the process, and on disk). A key
// that starts with gp_ is an API token: it is sent as the bearer token as it is, never cached.
import { TOKEN_PREFIX } from '@game-picker/core'
import { type $Fetch, ofetch } from 'ofetch'
import { UsageError } from './cli-errors.ts'
import { toCliFailure } from './remote-errors.ts'
import { createMemoryTokenCache, type TokenCache } from './token-cache.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions {
  body?: Record<string, unknown>
  query?: Record<string, string | number | undefined>
  /** Bearer endpoints: every write, exports and webhooks. */
  auth?: boolean
}

export interface RemoteClient {
  readonly url: string
  json<T>(method: Method, path: string, options?: RequestOptions): Promise<T>
  /** A file download: its text and the filename from Content-Disposition. */
  download(path: string, options?: RequestOptions): Promise<{ filename: string; body: string }>
  /** A bearer token (cached, else a fresh login); `fresh` skips the cache (the cached one was refused). */
  token(options?: { fresh?: boolean }): Promise<string>
}

export interface RemoteClientOptions {
  url: string
  key?: string
  tokenCache?: TokenCache
  fetch?: $Fetch
}

export function createRemoteClient({ url, key, tokenCache = createMemoryTokenCache(), fetch = ofetch }: RemoteClientOptions): RemoteClient {
  const baseURL = url.replace(/\/+$/, '')
  // No retries: a repeated POST could add a game twice.
  const http = fetch.create({ baseURL, retry: 0, timeout: 30_000 })
  let token: string | undefined
  const apiToken = key?.startsWith(TOKEN_PREFIX) ? key : undefined

  async function login(): Promise<string> {
    if (apiToken) return apiToken
    if (!key) throw new UsageError('This command needs the admin key: pass --key KEY or set GAME_PICKER_KEY.')
    const { token: fresh } = await http<{ token: string }>('/api/auth/login', { method: 'POST', body: { key } })
      .catch((error) => { throw toCliFailure(error, baseURL) })
    await tokenCache.write(fresh)
    return fresh
  }

  async function send<T>(method: Method, path: string, options: RequestOptions, raw: boolean): Promise<T> {
    const attempt = async (bearer: string | undefined) => {
      const request = { method, body: options.body, query: options.query, headers: bearer ? { Authorization: `Bearer ${bearer}` } : undefined }
      return raw ? (http.raw(path, { ...request, responseType: 'text' }) as Promise<T>) : http<T>(path, request)
    }
    if (!options.auth) return attempt(undefined).catch((error) => { throw toCliFailure(error, baseURL) })
    // Nothing to refresh: the server's answer (403 "Token lacks scope: ...") is the answer.
    if (apiToken) return attempt(apiToken).catch((error) => { throw toCliFailure(error, baseURL) })
    const cached = token ?? (await tokenCache.read())
    token = cached ?? (await login())
    try {
      return await attempt(token)
    } catch (error) {
      // A cached token may have expired or come from a server restarted with a new secret.
      const status = (error as { status?: number }).status
      if (cached === undefined || (status !== 401 && status !== 403)) throw toCliFailure(error as Error, baseURL)
      await tokenCache.clear()
      token = await login()
      return attempt(token).catch((retryError) => { throw toCliFailure(retryError, baseURL) })
    }
  }

  return {
    url: baseURL,
    token: async ({ fresh = false } = {}) => {
      if (apiToken) return apiToken
      if (fresh) await tokenCache.clear()
      else token ??= await tokenCache.read()
      return (token = fresh || !token ? await login() : token)
    },
    json: (method, path, options = {}) => send(method, path, options, false),
    download: async (path, options = {}) => {
      const response = await send<Response & { _data?: string }>('GET', path, options, true)
      const disposition = response.headers.get('content-disposition') ?? ''
      const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'download'
      return { filename, body: response._data ?? '' }
    },
  }
}
