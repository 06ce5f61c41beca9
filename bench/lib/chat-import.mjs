// One chat import of --size N messages through the core directly (no HTTP), on a fresh
// file-backed database in --dir, in this fresh process so its peak RSS belongs to this size.
// A third of the messages are votes; the session has 3 games spread over the log.
// --prefill N first imports N messages into earlier sessions (100,000 per session, not
// measured): the import then writes into B-trees as deep as N + size messages make them, without
// its own transaction, input and heap being any bigger (bench/README.md, "Chat import at 1M").
// Prints one JSON line: time and CPU of the call, RSS, the 1-minute load average around it (the
// machine may be shared), and the depth of the B-trees a message's rows go into.
import { rmSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { btreeDepths } from './btree-depth.mjs'
import { dist, load, MB, processCpuMs } from './common.mjs'
import { catalogueCsv, chatLog } from './data.mjs'

const { values } = parseArgs({ options: { size: { type: 'string' }, dir: { type: 'string' }, prefill: { type: 'string', default: '0' } } })
const size = Number(values.size)
const prefill = Number(values.prefill)
const file = `${values.dir}/chat-${size}-${prefill}.sqlite`
for (const f of [file, `${file}-journal`, `${file}.lock`]) rmSync(f, { force: true }) // a fresh database
const { createCore } = await load(dist.core)
const { createSqliteStore } = await load(dist.sqlite)

const base = Date.parse('2026-01-01T20:00:00.000Z')
let clock = base
const open = async () => createCore({ store: await createSqliteStore({ file }), now: () => new Date(clock) })
let core = await open()
await core.csv.import({ csvData: catalogueCsv(30, 3) })

/** A session with 3 games spread over `count` messages from `start`, and its chat log. */
async function sessionWithLog(start, count) {
  clock = start
  const session = await core.sessions.start({})
  for (let k = 0; k < 3; k++) {
    clock = start + Math.floor((k * count * 10) / 3)
    await core.sessionGames.add(session.id, { game_id: k + 1 })
  }
  return { session, chatData: chatLog(count, start + 1000) }
}

let start = base
for (let done = 0; done < prefill; done += 100_000) {
  const earlier = await sessionWithLog(start, Math.min(100_000, prefill - done))
  await core.importChat(earlier.session.id, { chatData: earlier.chatData })
  clock = start + earlier.chatData.length * 10 + 2000
  await core.sessions.close(earlier.session.id)
  start = clock
}
if (prefill > 0) {
  // Closed and opened again: everything prefilled is in the file (no checkpoint of it runs
  // during the measured import), and the page cache starts cold, as in a server.
  await core.close()
  core = await open()
}
const { session, chatData } = await sessionWithLog(start, size)
globalThis.gc?.()
const rssBeforeMb = process.memoryUsage().rss / MB

// The main thread's CPU is the import's own work. V8's background threads (the optimizing
// compiler working through sql.js's WebAssembly, concurrent GC marking) run beside it, on
// another core when one is free; the process's CPU counts them too.
const mainThreadCpuMs = () => processCpuMs(process.pid, process.pid)

const result = { size, prefill, rssBeforeMb, loadBefore: loadavg()[0] }
try {
  const start = performance.now()
  const cpu = process.cpuUsage()
  const mainCpu = mainThreadCpuMs()
  const imported = await core.importChat(session.id, { chatData })
  result.ms = performance.now() - start
  const used = process.cpuUsage(cpu)
  result.mainCpuMs = mainThreadCpuMs() - mainCpu
  result.cpuMs = (used.user + used.system) / 1000 // all threads
  result.messagesImported = imported.messagesImported
  result.votesProcessed = imported.votesProcessed
  const closeStart = performance.now()
  await core.close()
  result.closeMs = performance.now() - closeStart
  result.dbMb = statSync(file).size / MB
  result.loadAfter = loadavg()[0]
} catch (error) {
  result.error = String(error?.message ?? error).slice(0, 300)
}
result.peakRssMb = process.resourceUsage().maxRSS / 1024
if (!result.error) {
  // After the peak RSS is read: opening the file again to look at its pages is not the import's.
  const depths = await btreeDepths(file)
  result.depths = Object.fromEntries(Object.entries(depths).filter(([name]) => /^(votes|chat_messages|sqlite_autoindex_chat_messages)/.test(name)))
}
process.stdout.write(`${JSON.stringify(result)}\n`)
process.exit(0)
