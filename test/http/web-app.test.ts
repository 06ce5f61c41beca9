// The web app's paths beside the API: pages, built assets (gzipped, cached for good), and every
// other path answered as before.
import { existsSync, readdirSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { webAppDir } from '@game-picker/web'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { call, startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
beforeAll(async () => {
  if (!existsSync(`${webAppDir}index.html`)) throw new Error(`${webAppDir} is missing: run \`pnpm build\` first`)
  server = await startTestServer()
})
afterAll(() => server.stop())

const builtAsset = (extension: string) => readdirSync(`${webAppDir}assets`).find((name) => name.endsWith(extension))!

describe('the web app paths', () => {
  const pages = ['/', '/session', '/catalogue', '/stats', '/history', '/overlay', '/poll', '/vote']
  test.each([...pages, ...pages.slice(1).map((path) => `${path}/`)])('GET %s is the app page', async (path) => {
    const { status, headers, text } = await call(server.url, 'GET', path)
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(headers.get('cache-control')).toBe('no-cache')
    expect(text).toContain('<meta name="viewport"')
    expect(text).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/)
  })

  test('HEAD of a page answers its headers without a body', async () => {
    const { status, headers, text } = await call(server.url, 'HEAD', '/stats/')
    expect({ status, type: headers.get('content-type'), text }).toEqual({ status: 200, type: 'text/html; charset=utf-8', text: '' })
  })

  test.each([['.js', 'text/javascript'], ['.css', 'text/css']])('a built %s file has its type, a long cache, and comes gzipped when asked', async (extension, type) => {
    const path = `/assets/${builtAsset(extension)}`
    const plain = await fetch(server.url + path, { headers: { 'accept-encoding': 'identity' } })
    const body = Buffer.from(await plain.arrayBuffer())
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-type')).toContain(type)
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(plain.headers.get('content-encoding')).toBeNull()

    // node's fetch would inflate it by itself; http.get shows the bytes as sent.
    const { headers, bytes } = await rawGet(server.url + path, { 'accept-encoding': 'gzip' })
    expect(headers['content-encoding']).toBe('gzip')
    expect(headers['content-type']).toContain(type)
    expect(bytes.length).toBeLessThan(body.length)
    expect(gunzipSync(bytes).equals(body)).toBe(true)
  })

  test('an asset that was modified since is sent again; one that was not is 304', async () => {
    const path = `/assets/${builtAsset('.css')}`
    const first = await call(server.url, 'GET', path)
    const lastModified = first.headers.get('last-modified')!
    const again = await call(server.url, 'GET', path, { headers: { 'if-modified-since': lastModified } })
    expect({ status: again.status, text: again.text }).toEqual({ status: 304, text: '' })
    const before = new Date(Date.parse(lastModified) - 60_000).toUTCString()
    const modified = await call(server.url, 'GET', path, { headers: { 'if-modified-since': before } })
    expect({ status: modified.status, lastModified: modified.headers.get('last-modified'), text: modified.text })
      .toEqual({ status: 200, lastModified, text: first.text })
    expect(first.text).toMatch(/\S/)
  })

  test.each([
    ['GET', '/assets/missing.js'], ['GET', '/assets/'], ['GET', '/assets/..%2Fpackage.json'], ['GET', '/nope'],
    ['GET', '/session/1'], ['GET', '/index.html'], ['POST', '/'], ['DELETE', '/session'], ['GET', '/api/nope'], ['GET', '/api'],
  ])('%s %s keeps the API 404', async (method, path) => {
    expect(await call(server.url, method, path)).toMatchObject({ status: 404, body: { error: 'Not found' } })
  })

  test('the API answers as before', async () => {
    expect(await call(server.url, 'GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } })
    expect(await call(server.url, 'GET', '/api/games')).toMatchObject({ status: 200, body: [] })
    expect((await call(server.url, 'GET', '/')).headers.get('x-api-version')).toBe('1.0')
  })
})

async function rawGet(url: string, headers: Record<string, string>) {
  const { get } = await import('node:http')
  return new Promise<{ headers: Record<string, string | string[] | undefined>; bytes: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }))
    }).on('error', reject)
  })
}
