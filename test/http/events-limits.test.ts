// What the live event stream costs the server: a bounded number of streams, nothing for a
// client that left, a client that stops reading cannot hold anything up, and with several
// servers on one store every server streams every event.
import { request } from 'node:http'
import { createCore, type Store } from '@game-picker/core'
import { startServer } from '@game-picker/http'
import { afterEach, expect, test } from 'vitest'
import { connectedEvents } from '../helpers/event-client.ts'
import { ADMIN_KEY, call, login, openSharedStores, startTestServer, type TestServer } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function server(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer & { token: string }> {
  const started = await startTestServer(options)
  cleanups.push(() => started.stop())
  return { ...started, token: await login(started.url) }
}

test('past the limit a stream is refused with 503; a client that left frees its place', async () => {
  const { url } = await server({ maxEventStreams: 2 })
  const first = await connectedEvents(url)
  await connectedEvents(url)
  expect(await call(url, 'GET', '/api/events')).toMatchObject({ status: 503, body: { error: 'Too many event streams' } })
  first.close()
  await until(() => acceptsAnotherStream(url), Boolean)
})

/** Whether the server has room for one more stream (the probe is closed again at once). */
async function acceptsAnotherStream(url: string): Promise<boolean> {
  const probe = new AbortController()
  const { status } = await fetch(`${url}/api/events`, { signal: probe.signal })
  probe.abort()
  return status === 200
}

test('a client that stops reading is dropped; the others and the API carry on', async () => {
  const { url, token } = await server({ eventMaxUnreadBytes: 64 * 1024, maxEventStreams: 2 })
  const reader = await connectedEvents(url)
  await new Promise<void>((resolve) => {
    const stalled = request(`${url}/api/events`, (response) => {
      response.pause() // reads nothing more, ever (so it cannot even see the server hang up)
      resolve()
    })
    stalled.end()
  })
  expect(await acceptsAnotherStream(url)).toBe(false) // the reader and the stalled client
  const notes = 'n'.repeat(200_000) // each session.started and session.ended carries them
  for (let i = 0; i < 40; i++) {
    const session = (await call(url, 'POST', '/api/sessions', { token, body: { notes } })).body
    expect((await call(url, 'POST', `/api/sessions/${session.id}/close`, { token })).status).toBe(200)
  }
  await until(() => acceptsAnotherStream(url), Boolean) // the stalled client's place is free again
  expect((await reader.until(80)).map((event) => Number(event.id))).toEqual(Array.from({ length: 80 }, (_, i) => i + 1))
})

test('with two servers on one store, each streams every event, whichever server wrote it', async () => {
  const stores = await openSharedStores(2) // on PostgreSQL: two stores, the other's events come by NOTIFY
  const start = async (instanceId: string, store: Store) => {
    const running = await startServer({ core: createCore({ secretKey: TEST_SECRET_KEY, store, instanceId }), adminKey: ADMIN_KEY, port: 0, log: () => {} })
    cleanups.push(() => running.close())
    return running.url
  }
  const [a, b] = [await start('a', stores[0]), await start('b', stores[1])]
  const onA = await connectedEvents(a)
  const onB = await connectedEvents(b)
  const session = (await call(a, 'POST', '/api/sessions', { token: await login(a) })).body
  await call(b, 'POST', `/api/sessions/${session.id}/close`, { token: await login(b) })
  for (const client of [onA, onB]) expect((await client.until(2)).map((event) => event.event)).toEqual(['session.started', 'session.ended'])
  expect(onA.events).toEqual(onB.events)
})
