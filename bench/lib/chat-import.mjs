// One chat import of --size N messages through the core directly (no HTTP), on a fresh
// file-backed database in --dir, in this fresh process so its peak RSS belongs to this size.
// A third of the messages are votes; the session has 3 games spread over the log.
// Prints one JSON line.
import { rmSync, statSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { dist, load, MB } from './common.mjs'
import { catalogueCsv, chatLog } from './data.mjs'

const { values } = parseArgs({ options: { size: { type: 'string' }, dir: { type: 'string' } } })
const size = Number(values.size)
const file = `${values.dir}/chat-${size}.sqlite`
for (const f of [file, `${file}-journal`, `${file}.lock`]) rmSync(f, { force: true }) // a fresh database
const { createCore } = await load(dist.core)
const { createSqliteStore } = await load(dist.sqlite)

const base = Date.parse('2026-01-01T20:00:00.000Z')
let clock = base
const core = createCore({ store: await createSqliteStore({ file }), now: () => new Date(clock) })
await core.csv.import({ csvData: catalogueCsv(30, 3) })
const session = await core.sessions.start({})
const span = size * 10
for (let k = 0; k < 3; k++) {
  clock = base + Math.floor((k * span) / 3)
  await core.sessionGames.add(session.id, { game_id: k + 1 })
}
const chatData = chatLog(size, base + 1000)
globalThis.gc?.()
const rssBeforeMb = process.memoryUsage().rss / MB

const result = { size, rssBeforeMb }
try {
  const start = performance.now()
  const cpu = process.cpuUsage()
  const imported = await core.importChat(session.id, { chatData })
  result.ms = performance.now() - start
  const used = process.cpuUsage(cpu)
  result.cpuMs = (used.user + used.system) / 1000 // all threads: less disturbed by other load than ms
  result.messagesImported = imported.messagesImported
  result.votesProcessed = imported.votesProcessed
  const closeStart = performance.now()
  await core.close()
  result.closeMs = performance.now() - closeStart
  result.dbMb = statSync(file).size / MB
} catch (error) {
  result.error = String(error?.message ?? error).slice(0, 300)
}
result.peakRssMb = process.resourceUsage().maxRSS / 1024
process.stdout.write(`${JSON.stringify(result)}\n`)
process.exit(0)
