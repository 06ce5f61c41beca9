// Security headers over HTTP: nosniff and no-referrer on every response (API answers, errors,
// downloads, the event stream, the web app and its assets, the reference); the web app's pages
// also send a policy that allows only the app's own scripts, styles and connections and no frame.
import { readdirSync } from 'node:fs'
import { webAppDir } from '@game-picker/web'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fillPath, ROUTES } from '../helpers/routes.ts'
import { sendRaw } from '../helpers/raw-http.ts'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startTestServer()
  token = await login(server.url)
})
afterAll(() => server.stop())

const PAGE_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
  + "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

const expectCommon = (headers: Headers, where: string) => {
  expect(headers.get('x-content-type-options'), where).toBe('nosniff')
  expect(headers.get('referrer-policy'), where).toBe('no-referrer')
}

test('every route answers with nosniff and no-referrer, with a token or without', async () => {
  const asset = readdirSync(`${webAppDir}assets`).find((file) => file.endsWith('.js'))!
  for (const route of ROUTES) {
    const path = fillPath(route.path, { id: '1', sessionId: '1', sessionGameId: '1', name: 'P', file: route.path.startsWith('/docs') ? 'reference.js' : asset })
    for (const withToken of [false, true]) {
      const response = await fetch(server.url + path, {
        method: route.method, headers: withToken ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(5000),
      })
      await response.body?.cancel()
      expectCommon(response.headers, `${route.method} ${path} → ${response.status}`)
    }
  }
})

test('errors, downloads, preflights and raw refusals carry them too', async () => {
  expectCommon((await call(server.url, 'GET', '/no/such/route')).headers, 'unknown route')
  expectCommon((await call(server.url, 'GET', '/api/games/export/csv', { token })).headers, 'CSV download')
  expectCommon((await call(server.url, 'POST', '/api/games', { token, body: '{' })).headers, 'malformed JSON')
  const preflight = await fetch(`${server.url}/api/games`, { method: 'OPTIONS', headers: { origin: 'https://x.example', 'access-control-request-method': 'POST' } })
  expectCommon(preflight.headers, 'preflight')
  const raw = await sendRaw(Number(new URL(server.url).port), 'GET /api/games HTTP/1.1\r\n\r\n')
  expect(raw!.headers['x-content-type-options']).toBe('nosniff')
})

test('the web app\'s pages send the policy; the API\'s JSON does not need one', async () => {
  for (const page of ['/', '/session', '/catalogue', '/stats', '/history', '/overlay', '/overlay/']) {
    const response = await fetch(server.url + page)
    expect(response.status, page).toBe(200)
    expect(response.headers.get('content-security-policy'), page).toBe(PAGE_POLICY)
    expectCommon(response.headers, page)
  }
  const docs = await fetch(`${server.url}/docs`)
  expect(docs.headers.get('content-security-policy')).toContain("script-src 'self';")
  expect(docs.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
})

test('the built page has no inline script or style the policy would block', async () => {
  const html = await (await fetch(`${server.url}/`)).text()
  for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) expect(tag).toMatch(/^<script\b[^>]*\bsrc="\/assets\/[^"]+"[^>]*><\/script>$/)
  expect(html).not.toMatch(/<style\b/)
  expect(html).not.toMatch(/\sstyle=/)
  expect(html).not.toMatch(/\son[a-z]+=/)
  expect(html).not.toMatch(/(src|href)="(https?:)?\/\//)
})
