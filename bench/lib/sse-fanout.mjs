#!/usr/bin/env node
// Live event stream fan-out: a real `game-picker serve` (own process, fresh database) with
// N connected SSE clients (plain HTTP connections in this process). Measures the server's RSS
// before and with the N idle streams, then sends votes one at a time and times, for every
// client, the delay from the vote's HTTP acknowledgement to that client's receipt of its event.
//   node bench/lib/sse-fanout.mjs --dir DIR [--clients 1000] [--events 20]
// Prints one JSON object.
import { request } from 'node:http'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createApiClient, dist, freePort, processMemory, round, sleep, startServerProcess } from './common.mjs'

const { values } = parseArgs({ options: { dir: { type: 'string' }, clients: { type: 'string' }, events: { type: 'string' } } })
const CLIENTS = Number(values.clients ?? 1000)
const EVENTS = Number(values.events ?? 20)
const KEY = 'bench-sse-key'

const port = await freePort()
const server = await startServerProcess(process.execPath, [dist.cliBin, 'serve', '--port', String(port), '--db', join(values.dir, 'sse.sqlite')], {
  port, env: { ADMIN_KEY: KEY },
})
try {
  const api = createApiClient(server.url)
  const { token } = await api('POST', '/api/auth/login', { key: KEY })
  const session = await api('POST', '/api/sessions', {}, token)
  await api('POST', `/api/sessions/${session.id}/games`, { game_id: 1 }, token)
  await sleep(500)
  const idle = processMemory(server.pid)

  // Each client keeps the time it received every event id.
  const clients = []
  await Promise.all(Array.from({ length: CLIENTS }, () => new Promise((resolve, reject) => {
    const client = { received: new Map(), buffered: '' }
    clients.push(client)
    const req = request(`${server.url}/api/events?events=vote.received`, (res) => {
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        const at = performance.now()
        client.buffered += chunk
        for (let end; (end = client.buffered.indexOf('\n\n')) !== -1;) {
          const message = client.buffered.slice(0, end)
          client.buffered = client.buffered.slice(end + 2)
          if (message.startsWith(': connected')) resolve()
          const id = /^id: (\d+)$/m.exec(message)?.[1]
          if (id) client.received.set(Number(id), at)
        }
      })
    })
    req.on('error', reject)
    req.end()
  })))
  await sleep(1000)
  const withStreams = processMemory(server.pid)

  const delays = []
  let missed = 0
  for (let i = 0; i < EVENTS; i++) {
    const before = Math.max(0, ...clients[0].received.keys())
    await api('POST', '/api/votes/live', { username: `viewer${i}`, vote: 'up', timestamp: new Date().toISOString() }, token)
    const ackAt = performance.now()
    const deadline = ackAt + 5000
    let id
    while (performance.now() < deadline) {
      id ??= [...clients[0].received.keys()].find((key) => key > before)
      if (id !== undefined && clients.every((client) => client.received.has(id))) break
      await sleep(5)
    }
    for (const client of clients) {
      const at = id === undefined ? undefined : client.received.get(id)
      if (at === undefined) missed += 1
      else delays.push(Math.max(0, at - ackAt)) // an event may arrive just before its own ack
    }
  }
  delays.sort((a, b) => a - b)
  const pct = (p) => round(delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))] ?? NaN, 1)
  console.log(JSON.stringify({
    clients: CLIENTS, events: EVENTS, deliveries: delays.length, missed,
    p50Ms: pct(50), p99Ms: pct(99), maxMs: round(delays.at(-1) ?? NaN, 1),
    idleRssMb: round(idle.rssMb), streamsRssMb: round(withStreams.rssMb),
    perStreamKb: round(((withStreams.rssMb - idle.rssMb) * 1024) / CLIENTS, 1),
  }))
} finally {
  await server.kill9()
  process.exit(0)
}
