import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sendRaw } from '../helpers/raw-http.ts'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'
import { tempDir } from '../helpers/tmp-dir.ts'

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startTestServer({ bodyLimitBytes: 1024 })
  token = await login(server.url)
})
afterAll(() => server.stop())

describe('the HTTP edge', () => {
  test('malformed JSON is 400 and changes nothing', async () => {
    expect(await call(server.url, 'POST', '/api/games', { token, body: '{"pack_name": ' }))
      .toMatchObject({ status: 400, body: { error: 'Invalid JSON body' } })
    expect((await call(server.url, 'GET', '/api/games')).body).toEqual([])
  })

  test('a body over the limit is 413, declared or streamed', async () => {
    const big = { pack_name: 'P', title: 'x'.repeat(2000), min_players: 1, max_players: 2 }
    expect(await call(server.url, 'POST', '/api/games', { token, body: big }))
      .toMatchObject({ status: 413, body: { error: 'Request body too large' } })
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(400)))
        controller.close()
      },
    })
    const streamed = await fetch(`${server.url}/api/games`, {
      method: 'POST', body: chunks, duplex: 'half', headers: { authorization: `Bearer ${token}` },
    } as RequestInit)
    expect(streamed.status).toBe(413)
  })

  test.each(['abc', '1.5', '-1', '0', '1e3'])('a path id %s is 400 "Invalid id"', async (id) => {
    expect(await call(server.url, 'GET', `/api/games/${id}`)).toMatchObject({ status: 400, body: { error: 'Invalid id' } })
  })

  test('an unknown route is 404 "Not found"; every response has X-API-Version 1.0', async () => {
    const unknown = await call(server.url, 'GET', '/api/nothing-here')
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Not found' } })
    expect(unknown.headers.get('x-api-version')).toBe('1.0')
    const health = await call(server.url, 'GET', '/health')
    expect(health.body).toEqual({ status: 'ok', message: 'Game Picker API is running', version: '1.0' })
    expect(health.headers.get('x-api-version')).toBe('1.0')
  })

  test('CORS allows any origin by default and answers preflights', async () => {
    const simple = await call(server.url, 'GET', '/api/games', { headers: { origin: 'https://overlay.example' } })
    expect(simple.headers.get('access-control-allow-origin')).toBe('*')
    expect(simple.headers.get('access-control-expose-headers')).toContain('X-API-Version')
    const failed = await call(server.url, 'GET', '/api/games/0', { headers: { origin: 'https://overlay.example' } })
    expect(failed.headers.get('access-control-allow-origin')).toBe('*')
    // Only browsers read CORS headers, and they always send an Origin.
    expect((await call(server.url, 'GET', '/api/games')).headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await call(server.url, 'OPTIONS', '/api/games', {
      headers: { origin: 'https://overlay.example', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBeLessThan(300)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization')
  })

  test('bad query values are 400 naming the parameter, never 5xx', async () => {
    for (const [query, name] of [['playerCount=abc', 'playerCount'], ['drawing=maybe', 'drawing'],
      ['length=huge', 'length'], ['enabled=yes', 'enabled'], ['familyFriendly=1', 'familyFriendly']]) {
      const { status, body } = await call(server.url, 'GET', `/api/games?${query}`)
      expect(status).toBe(400)
      expect(body.error).toContain(name)
    }
    for (const body of ['[]', '"text"', '42', 'null']) {
      expect((await call(server.url, 'POST', '/api/games', { token, body })).status).toBe(400)
      expect((await call(server.url, 'POST', '/api/pick', { body })).status).toBe(400)
    }
  })
})

describe('what the framework answers on its own has the API\'s shape', () => {
  test.each(['/api/games/%E0%A4%A', '/api/sessions/%E0%A4%A/games', '/api/games/packs/%zz/favor', '/api/%', '/health%C3%28'])(
    'a malformed percent-encoding in %s is 400 naming it, with or without a token',
    async (path) => {
      for (const withToken of [false, true]) {
        for (const method of ['GET', 'PATCH', 'DELETE']) {
          const response = await call(server.url, method, path, withToken ? { token } : {})
          expect(response).toMatchObject({ status: 400, body: { error: 'Malformed URL encoding in path' } })
          expect(response.headers.get('x-api-version')).toBe('1.0')
        }
      }
    },
  )

  test('HEAD answers like GET without a body; a method no route has is 404 JSON', async () => {
    const head = await fetch(`${server.url}/api/games`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect(await call(server.url, 'PROPFIND', '/api/games')).toMatchObject({ status: 404, body: { error: 'Not found' } })
  })

  test.each([
    ['an unknown method', 'FOO /api/games HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'Unknown HTTP method'],
    ['a broken header line', 'GET /api/games HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n', 400, 'Malformed HTTP request'],
    ['a request target without a slash', 'GET api/games HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'Malformed HTTP request'],
    ['HTTP/1.1 without Host', 'GET /api/games HTTP/1.1\r\n\r\n', 400, 'Host header required'],
    ['headers over Node\'s limit', `GET /api/games HTTP/1.1\r\nHost: x\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'Request headers too large'],
    ['CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405, 'Method not allowed'],
  ])('%s gets a JSON error', async (_, request, status, error) => {
    const response = await sendRaw(Number(new URL(server.url).port), request)
    expect(response).toMatchObject({ status, headers: { 'x-api-version': '1.0' } })
    expect(JSON.parse(response!.body)).toEqual({ error })
  })
})

test('a configured origin is allowed, another is not, and the answer varies by Origin', async () => {
  const restricted = await startTestServer({ corsOrigin: ['https://overlay.example'] })
  try {
    const allowed = await call(restricted.url, 'GET', '/health', { headers: { origin: 'https://overlay.example' } })
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://overlay.example')
    const other = await call(restricted.url, 'GET', '/health', { headers: { origin: 'https://evil.example' } })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    expect(other.headers.get('vary')).toContain('origin')
  } finally {
    await restricted.stop()
  }
})

describe('restart on the same file', () => {
  test('keeps every acknowledged write and the tokens it issued', async () => {
    const file = join(tempDir(), 'restart.sqlite')
    const first = await startTestServer({ file })
    const firstToken = await login(first.url)
    const game = await call(first.url, 'POST', '/api/games', {
      token: firstToken, body: { pack_name: 'P', title: 'Kept', min_players: 2, max_players: 6 },
    })
    await call(first.url, 'POST', '/api/sessions', { token: firstToken, body: { notes: 'night' } })
    await first.stop()

    const second = await startTestServer({ file })
    try {
      expect((await call(second.url, 'GET', `/api/games/${game.body.id}`)).body.title).toBe('Kept')
      expect((await call(second.url, 'GET', '/api/sessions/active')).body).toMatchObject({ notes: 'night', is_active: 1 })
      expect((await call(second.url, 'POST', '/api/auth/verify', { token: firstToken })).status).toBe(200)
    } finally {
      await second.stop()
    }
  })
})
