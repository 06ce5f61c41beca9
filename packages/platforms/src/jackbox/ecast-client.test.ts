import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeEcast, type FakeEcast } from '../../../../test/helpers/fake-ecast.ts'
import { createEcastClient } from './ecast-client.ts'

describe('createEcastClient', () => {
  let ecast: FakeEcast
  const signal = new AbortController().signal
  beforeEach(async () => {
    ecast = await startFakeEcast()
  })
  afterEach(() => ecast.close())

  it('reads a live room, upper-case code, with its socket host and flags', async () => {
    const room = ecast.createRoom('ABCD', { maxPlayers: 1 })
    room.join('player')
    room.lock({ notify: false })
    const lookup = await createEcastClient(ecast.url).readRoom('ABCD', signal)
    expect(lookup).toEqual({ kind: 'found', room: {
      code: 'ABCD', host: new URL(ecast.url).host, locked: true, full: true, appTag: 'quiplash3', maxPlayers: 1, audienceEnabled: true,
    } })
  })

  it('reports an unknown room as missing (404 "no such room")', async () => {
    expect(await createEcastClient(ecast.url).readRoom('ZZZZ', signal)).toEqual({ kind: 'missing' })
  })

  it.each([403, 429, 500])('treats HTTP %i as unavailable, not missing', async (status) => {
    ecast.createRoom('ABCD')
    ecast.failNextPolls(1, status)
    expect(await createEcastClient(ecast.url).readRoom('ABCD', signal)).toEqual({ kind: 'unavailable', reason: `HTTP ${status}` })
  })

  it('treats an HTML page with status 200 as unavailable', async () => {
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    expect(await createEcastClient(url).readRoom('ABCD', signal)).toMatchObject({ kind: 'unavailable' })
    server.closeAllConnections()
    server.close()
  })

  it('treats an answer over 1 MiB as unavailable, without reading it all', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(`{"ok":true,"body":{"host":"h","pad":"${'x'.repeat(2 * 1024 * 1024)}"}}`)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    expect(await createEcastClient(url).readRoom('ABCD', signal)).toMatchObject({ kind: 'unavailable', reason: expect.stringMatching(/larger than/) })
    server.closeAllConnections()
    server.close()
  })

  it('gives up when the signal aborts (the monitor stops, or the 10 s timeout)', async () => {
    const server = createServer(() => {}) // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const controller = new AbortController()
    const lookup = createEcastClient(url).readRoom('ABCD', controller.signal)
    setTimeout(() => controller.abort(), 50)
    expect(await lookup).toMatchObject({ kind: 'unavailable', reason: expect.stringMatching(/^network error/) })
    server.closeAllConnections()
    server.close()
  })

  it('treats a refused connection as unavailable', async () => {
    const url = ecast.url
    await ecast.close()
    ecast = await startFakeEcast()
    const lookup = await createEcastClient(url).readRoom('ABCD', signal)
    expect(lookup).toMatchObject({ kind: 'unavailable', reason: expect.stringMatching(/^network error/) })
  })

  it.each([
    ['https://ecast.jackboxgames.com', 'wss://i-1.play.jackboxgames.com/api/v2/rooms/ABCD/play?'],
    ['http://127.0.0.1:9000/', 'ws://i-1.play.jackboxgames.com/api/v2/rooms/ABCD/play?'],
  ])('builds a read-only shard URL on the room host, scheme from %s', (base, prefix) => {
    const url = createEcastClient(base).getShardUrl('ABCD', 'i-1.play.jackboxgames.com', 'game-picker-7')
    expect(url).toBe(`${prefix}role=shard&name=GamePicker&format=json&user-id=game-picker-7`)
  })
})
