// The 413 must reach the client every time: an oversized body is read to its end (up to 4x
// the limit) before the answer, so a client still writing never sees EPIPE instead.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'

const MB = 1024 * 1024

describe('a body over the default 10 MB limit', () => {
  let server: TestServer
  let token: string
  beforeAll(async () => {
    server = await startTestServer()
    token = await login(server.url)
  })
  afterAll(() => server.stop())

  test('an 11 MB JSON body gets 413 twenty times in a row, each on a fresh connection', async () => {
    const body = JSON.stringify({ pack_name: 'P', title: 'x'.repeat(11 * MB), min_players: 1, max_players: 2 })
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await fetch(`${server.url}/api/games`, {
        method: 'POST', body, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      })
      // The 413 closes its connection, so the next attempt opens a new one.
      expect({ attempt, status: response.status, body: await response.json() })
        .toEqual({ attempt, status: 413, body: { error: 'Request body too large' } })
    }
    expect((await call(server.url, 'GET', '/api/games')).body).toEqual([])
  }, 60_000)

  test('a streamed body (no Content-Length) over the limit gets 413 too, and the server keeps serving', async () => {
    const chunk = new Uint8Array(MB).fill(32)
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 11) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const response = await fetch(`${server.url}/api/pick`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: 'Request body too large' })
    expect((await call(server.url, 'GET', '/health')).status).toBe(200)
  }, 30_000)
})

describe('a body past 4x the limit', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ bodyLimitBytes: 1024 })
  })
  afterAll(() => server.stop())

  test('is not read to its end; the client may see the 413 or a closed connection, and the server stays up', async () => {
    for (let i = 0; i < 5; i++) {
      const outcome = await fetch(`${server.url}/api/pick`, { method: 'POST', body: ' '.repeat(MB) })
        .then(async (response) => ({ status: response.status, body: await response.json() }))
        .catch(() => 'connection closed')
      if (outcome !== 'connection closed') expect(outcome).toEqual({ status: 413, body: { error: 'Request body too large' } })
    }
    expect((await call(server.url, 'GET', '/health')).status).toBe(200)
  })

  test('between the limit and the cap it is read to its end and answered 413', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await call(server.url, 'POST', '/api/pick', { body: ' '.repeat(3000) }))
        .toMatchObject({ status: 413, body: { error: 'Request body too large' } })
    }
  })
})
