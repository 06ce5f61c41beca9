// The 413 must reach the client every time: an oversized body is read to its end (up to 4x
// the limit) before the answer, so a client still writing never sees EPIPE instead.
import { once } from 'node:events'
import { connect } from 'node:net'
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
    // Far more than the socket buffers on both sides hold: the client can write it all only if
    // the server reads it.
    const total = 64 * MB
    for (const framing of ['content-length', 'chunked'] as const) {
      const { written, answer } = await writeUntilAnswered(server.server.port, total, framing)
      expect({ framing, stopped: written < total, answer: answer === '' || answer.startsWith('HTTP/1.1 413 ') })
        .toEqual({ framing, stopped: true, answer: true })
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

/**
 * POSTs a body of `total` bytes over a plain socket, writing on while the server takes it, and
 * stops once an answer comes or the connection closes: the bytes written by then, and the answer.
 */
async function writeUntilAnswered(port: number, total: number, framing: 'content-length' | 'chunked') {
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let answer = ''
  let closed = false
  socket.on('data', (bytes) => void (answer += bytes.toString('latin1')))
  socket.on('error', () => {}) // the server may close while this side still writes
  const ended = new Promise<void>((resolve) => socket.once('close', () => {
    closed = true
    resolve()
  }))
  const header = framing === 'chunked' ? 'transfer-encoding: chunked' : `content-length: ${total}`
  socket.write(`POST /api/pick HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\n${header}\r\n\r\n`)
  const piece = Buffer.alloc(64 * 1024, ' ')
  const frame = framing === 'chunked' ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece
  let written = 0
  while (written < total && answer === '' && !closed) {
    await new Promise((resolve) => socket.write(frame, resolve))
    written += piece.length
  }
  socket.destroy()
  await ended
  return { written, answer }
}
