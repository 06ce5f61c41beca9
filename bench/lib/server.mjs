// The real server from the production build (packages/http/dist, core, sqlite and platforms), the
// way `game-picker serve --port P --db FILE` wires it: a file-backed sqlite store, createCore with
// the outside world's adapters, startServer.
// Usage: node bench/lib/server.mjs --db FILE --port P   (admin key from ADMIN_KEY)
import { parseArgs } from 'node:util'
import { dist, load } from './common.mjs'

const { values } = parseArgs({ options: { db: { type: 'string' }, port: { type: 'string' } } })
const { createCore } = await load(dist.core)
const { createSqliteStore } = await load(dist.sqlite)
const { createJackboxRoomService, sendWebhook } = await load(dist.platforms)
const { startServer } = await load(dist.http)

const core = createCore({
  store: await createSqliteStore({ file: values.db }), roomService: createJackboxRoomService({ ecastUrl: process.env.ECAST_URL }), webhookSender: sendWebhook,
})
const server = await startServer({
  core, port: Number(values.port), host: '127.0.0.1', adminKey: process.env.ADMIN_KEY, log: () => {},
})
process.stdout.write(`listening ${server.url}\n`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await server.close()
  await core.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
