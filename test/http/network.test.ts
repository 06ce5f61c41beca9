// GET /api/network: public, where the server listens and the URLs phones can open. A test server
// listens on 127.0.0.1 only, so it offers none; one told its public URLs (a container, port
// forwarding) offers those. An app mounted elsewhere (createApp) reports the address each request
// came to. (The URLs of a server on 0.0.0.0: test/e2e/cli-serve-network.test.ts.)
import { createApp } from '@game-picker/http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { call, startTestServer, type TestServer } from '../helpers/server.ts'

let loopback: TestServer
let forwarded: TestServer
beforeAll(async () => {
  ;[loopback, forwarded] = await Promise.all([
    startTestServer(),
    startTestServer({ networkUrls: ['http://192.168.1.20:8080', 'http://10.0.0.5:8080'] }),
  ])
})
afterAll(() => Promise.all([loopback?.stop(), forwarded?.stop()]))

test('a server on loopback only offers phones no URL; no token needed', async () => {
  const answer = await call(loopback.url, 'GET', '/api/network')
  expect(answer.status).toBe(200)
  expect(answer.body).toEqual({ host: '127.0.0.1', port: Number(new URL(loopback.url).port), urls: [] })
  expect(loopback.server.network()).toEqual(answer.body)
})

test('a server given its public URLs offers those, in order', async () => {
  const answer = await call(forwarded.url, 'GET', '/api/network')
  expect(answer.body).toEqual({
    host: '127.0.0.1', port: Number(new URL(forwarded.url).port), urls: ['http://192.168.1.20:8080', 'http://10.0.0.5:8080'],
  })
})

test('createApp on its own reports the address the request came to', async () => {
  const app = createApp(loopback.core, { jwtSecret: 'network-test-secret' })
  const ask = async (url: string) => (await app.request(url)).json()
  expect(await ask('http://192.168.1.20:8080/api/network')).toEqual({ host: '192.168.1.20', port: 8080, urls: ['http://192.168.1.20:8080'] })
  expect(await ask('http://127.0.0.1:3000/api/network')).toEqual({ host: '127.0.0.1', port: 3000, urls: [] })
  expect(await ask('http://localhost/api/network')).toEqual({ host: 'localhost', port: 80, urls: [] })
})
