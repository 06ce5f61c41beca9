#!/usr/bin/env node
// Why two servers trail one on cached reads on this 2-core machine: GET /api/stats on one and on
// two PostgreSQL servers, measured with autocannon (what `pnpm bench` uses) and with a bare
// socket client that spends less CPU a request, in interleaved runs. Prints one line per run:
// requests/s, the servers' and the client's CPU per request.
//   node bench/two-servers.mjs [rounds=3] [seconds=8]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { processCpuMs, ROOT, runNodeJson } from './lib/common.mjs'
import { measure } from './lib/load.mjs'
import { copyToPostgres, startPostgres, startPostgresServers } from './lib/postgres.mjs'
import { socketLoad } from './lib/socket-load.mjs'

const [rounds = 3, seconds = 8] = process.argv.slice(2).map(Number)
const path = '/api/stats'
const connections = 10
const dir = mkdtempSync(join(tmpdir(), 'game-picker-two-servers-'))
const db = join(dir, 'bench.sqlite')
await runNodeJson(join(ROOT, 'bench/lib/seed.mjs'), ['--db', db, '--catalogue-db', join(dir, 'cat.sqlite')], { timeoutMs: 180_000 })
const pg = await startPostgres()
const servers = await startPostgresServers({ url: (await copyToPostgres({ pg, sqliteFile: db })).url, instances: 2, adminKey: 'two-servers' })

const clients = {
  autocannon: async (urls, durationS) => {
    const r = await measure({ url: urls, path, connections, durationS, warmupS: 0 })
    return { ok: r.ok, requests: r.ok + r.non2xx, seconds: r.seconds }
  },
  socket: async (urls, durationS) => {
    const r = await socketLoad({ urls, path, connections, durationS })
    return { ok: r.ok, requests: r.ok + r.other, seconds: r.seconds }
  },
}

try {
  for (let round = 1; round <= rounds; round++) {
    for (const [client, run] of Object.entries(clients)) {
      for (const count of [1, 2]) {
        const targets = servers.slice(0, count)
        const urls = targets.map((server) => server.url)
        await run(urls, 2) // warm-up
        const serverCpu = () => targets.reduce((sum, server) => sum + processCpuMs(server.pid), 0)
        const serverBefore = serverCpu()
        const clientBefore = process.cpuUsage()
        const r = await run(urls, seconds)
        const clientUsed = process.cpuUsage(clientBefore)
        const perRequest = (us) => (us / r.requests).toFixed(1)
        console.log(`round ${round}, ${client}, ${count} server${count > 1 ? 's' : ''}: ${Math.round(r.ok / r.seconds)} req/s, `
          + `server CPU ${perRequest((serverCpu() - serverBefore) * 1000)} µs/req, client CPU ${perRequest(clientUsed.user + clientUsed.system)} µs/req`)
      }
    }
  }
} finally {
  for (const server of servers) await server.stop()
  await pg.stop()
  rmSync(dir, { recursive: true, force: true })
}
