// The remote client against a tiny fake API: token reuse, re-login after a stale token, and
// HTTP error bodies mapped back to the core's DomainError codes.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isDomainError } from '@game-picker/core'
import { afterEach, describe, expect, it } from 'vitest'
import { CliError, UsageError } from './cli-errors.ts'
import { createRemoteClient } from './remote-client.ts'
import { createMemoryTokenCache } from './token-cache.ts'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** Login with key "k" gives token "fresh-N"; GET /api/games is public; /api/status/N answers status N with an error body. */
async function startFakeApi() {
  const calls: string[] = []
  let logins = 0
  server = createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`)
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    const status = /^\/api\/status\/(\d+)/.exec(req.url ?? '')
    if (status) return send(Number(status[1]), { error: `failed with ${status[1]}`, activeSessionId: 3 })
    if (req.url === '/api/auth/login') {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => (JSON.parse(body).key === 'k' ? send(200, { token: `fresh-${++logins}` }) : send(401, { error: 'Invalid admin key' })))
      return
    }
    if (req.url === '/api/games') return send(200, [])
    if (!req.headers.authorization?.startsWith('Bearer fresh-')) return send(403, { error: 'Invalid or expired token' })
    send(200, { ok: true })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, calls }
}

describe('createRemoteClient', () => {
  it('logs in once and reuses the token; public reads send none', async () => {
    const { url, calls } = await startFakeApi()
    const client = createRemoteClient({ url, key: 'k' })
    await client.json('GET', '/api/games')
    await client.json('POST', '/api/sessions', { auth: true })
    await client.json('POST', '/api/sessions', { auth: true })
    expect(calls).toEqual(['GET /api/games', 'POST /api/auth/login', 'POST /api/sessions', 'POST /api/sessions'])
  })

  it('replaces a stale cached token by logging in again', async () => {
    const { url, calls } = await startFakeApi()
    const tokenCache = createMemoryTokenCache()
    await tokenCache.write('expired')
    await expect(createRemoteClient({ url, key: 'k', tokenCache }).json('POST', '/api/x', { auth: true })).resolves.toEqual({ ok: true })
    expect(calls).toEqual(['POST /api/x', 'POST /api/auth/login', 'POST /api/x'])
    expect(await tokenCache.read()).toBe('fresh-1')
  })

  it.each([[400, 'INVALID_INPUT'], [401, 'UNAUTHORIZED'], [403, 'UNAUTHORIZED'], [404, 'NOT_FOUND'], [409, 'CONFLICT']])(
    'maps HTTP %i to %s with the body as details',
    async (status, code) => {
      const { url } = await startFakeApi()
      const error = await createRemoteClient({ url }).json('GET', `/api/status/${status}`).catch((caught: unknown) => caught)
      expect(isDomainError(error) && { code: error.code, message: error.message, details: error.details })
        .toEqual({ code, message: `failed with ${status}`, details: { activeSessionId: 3 } })
    },
  )

  it('reports a wrong key, a server error and an unreachable server in words', async () => {
    const { url } = await startFakeApi()
    await expect(createRemoteClient({ url, key: 'nope' }).json('POST', '/api/x', { auth: true })).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid admin key' })
    await expect(createRemoteClient({ url }).json('GET', '/api/status/500')).rejects.toThrow(new CliError(`The server at ${url} failed (HTTP 500): failed with 500`))
    await expect(createRemoteClient({ url }).json('POST', '/api/x', { auth: true })).rejects.toBeInstanceOf(UsageError)
    await expect(createRemoteClient({ url: 'http://127.0.0.1:9' }).json('GET', '/api/games')).rejects.toThrow(/Cannot reach the server at http:\/\/127.0.0.1:9/)
  })
})
