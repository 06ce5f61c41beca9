import { SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_KEY, call, login, startTestServer, type TestServer } from '../helpers/server.ts'

const JWT_SECRET = 'a-test-jwt-secret'
let server: TestServer
beforeAll(async () => void (server = await startTestServer({ jwtSecret: JWT_SECRET })))
afterAll(() => server.stop())

// Every Bearer endpoint of the spec; ids need not exist, auth is checked first.
const BEARER_ENDPOINTS = [
  ['POST', '/api/auth/verify'],
  ['POST', '/api/games'],
  ['GET', '/api/games/export/csv'],
  ['POST', '/api/games/import/csv'],
  ['PATCH', '/api/games/packs/P/favor'],
  ['PATCH', '/api/games/packs/P/toggle'],
  ['PUT', '/api/games/1'],
  ['DELETE', '/api/games/1'],
  ['PATCH', '/api/games/1/toggle'],
  ['PATCH', '/api/games/1/favor'],
  ['POST', '/api/sessions'],
  ['DELETE', '/api/sessions/1'],
  ['POST', '/api/sessions/1/close'],
  ['POST', '/api/sessions/1/games'],
  ['POST', '/api/sessions/1/chat-import'],
  ['GET', '/api/sessions/1/export'],
  ['PATCH', '/api/sessions/1/games/1/status'],
  ['DELETE', '/api/sessions/1/games/1'],
  ['PATCH', '/api/sessions/1/games/1/room-code'],
  ['POST', '/api/sessions/1/games/1/start-player-check'],
  ['POST', '/api/sessions/1/games/1/stop-player-check'],
  ['PATCH', '/api/sessions/1/games/1/player-count'],
  ['POST', '/api/votes/live'],
  ['GET', '/api/webhooks'],
  ['GET', '/api/webhooks/1'],
  ['POST', '/api/webhooks'],
  ['PATCH', '/api/webhooks/1'],
  ['DELETE', '/api/webhooks/1'],
  ['POST', '/api/webhooks/test/1'],
  ['GET', '/api/webhooks/1/logs'],
] as const

const secret = new TextEncoder().encode(JWT_SECRET)
const badTokens = {
  garbage: async () => 'not-a-jwt',
  'wrong signature': () =>
    new SignJWT({ role: 'admin', timestamp: Date.now() }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h')
      .sign(new TextEncoder().encode('another secret')),
  expired: () =>
    new SignJWT({ role: 'admin', timestamp: Date.now() }).setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 90_000).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(secret),
  'alg none': async () => new UnsecuredJWT({ role: 'admin', timestamp: Date.now() }).setExpirationTime('1h').encode(),
}

describe('login and verify', () => {
  test('a right key gives a 24 h HS256 token that verify accepts', async () => {
    const before = Date.now()
    const { status, body } = await call(server.url, 'POST', '/api/auth/login', { body: { key: ADMIN_KEY } })
    expect(status).toBe(200)
    expect(body).toMatchObject({ message: 'Authentication successful', expiresIn: '24h', token: expect.any(String) })
    const [header, payload] = body.token.split('.').slice(0, 2).map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()))
    expect(header.alg).toBe('HS256')
    expect(payload.exp - payload.iat).toBe(24 * 3600)
    const verify = await call(server.url, 'POST', '/api/auth/verify', { token: body.token })
    expect(verify.status).toBe(200)
    expect(verify.body).toEqual({ valid: true, user: { role: 'admin', timestamp: expect.any(Number) } })
    expect(verify.body.user.timestamp).toBeGreaterThanOrEqual(before)
  })

  test('a missing key is 400, a wrong one 401', async () => {
    expect(await call(server.url, 'POST', '/api/auth/login', { body: {} }))
      .toMatchObject({ status: 400, body: { error: 'Admin key is required' } })
    expect(await call(server.url, 'POST', '/api/auth/login', { body: { key: 'nope' } }))
      .toMatchObject({ status: 401, body: { error: 'Invalid admin key' } })
  })

  test('10 failed logins from one address within 15 minutes lock it out with 429', async () => {
    const limited = await startTestServer()
    try {
      for (let i = 0; i < 10; i++) {
        expect((await call(limited.url, 'POST', '/api/auth/login', { body: { key: `wrong${i}` } })).status).toBe(401)
      }
      expect(await call(limited.url, 'POST', '/api/auth/login', { body: { key: ADMIN_KEY } }))
        .toMatchObject({ status: 429, body: { error: 'Too many login attempts. Try again later.' } })
    } finally {
      await limited.stop()
    }
  })
})

describe('every Bearer endpoint', () => {
  test.each(BEARER_ENDPOINTS)('%s %s: 401 without a token', async (method, path) => {
    const { status, body } = await call(server.url, method, path, { body: {} })
    expect(status).toBe(401)
    expect(body).toEqual({ error: 'Access token required' })
  })

  test.each(Object.keys(badTokens))('403 with a %s token on each one', async (kind) => {
    const token = await badTokens[kind as keyof typeof badTokens]()
    for (const [method, path] of BEARER_ENDPOINTS) {
      const { status, body } = await call(server.url, method, path, { token, body: {} })
      expect({ method, path, status, body }).toEqual({ method, path, status: 403, body: { error: 'Invalid or expired token' } })
    }
  })

  test('a malformed Authorization header is 401; a valid token passes auth', async () => {
    expect((await call(server.url, 'GET', '/api/webhooks', { headers: { authorization: 'Basic abc' } })).status).toBe(401)
    expect((await call(server.url, 'GET', '/api/webhooks', { token: await login(server.url) })).status).toBe(200)
  })
})
