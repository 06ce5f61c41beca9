// vitest globalSetup: one PostgreSQL server for the whole run, started from npm, unless
// GAME_PICKER_TEST_PG_URL names one (as a role that may create databases and roles). Tests
// create a database of their own on it (test/helpers/postgres.ts), owned by an ordinary role
// made for the run: the store never needs a superuser. What the run made is removed after it.
import { randomBytes } from 'node:crypto'
import type { TestProject } from 'vitest/node'
import { startUp } from '../../packages/postgres/src/migrate.ts'
import { ownerUrl, runSql as run } from './pg-admin.ts'
import { startPgCluster } from './pg-cluster.ts'

export interface TestPostgres {
  /** Creates the test databases. */
  adminUrl: string
  /** The ordinary role tests connect as. */
  owner: { user: string; password: string }
  /** Prefix of this run's database names. */
  prefix: string
  /**
   * What `CREATE DATABASE name OWNER owner` appends to copy the run's migrated template (see
   * migratedTemplate below); empty for a database without the schema.
   */
  fromTemplate: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: TestPostgres
  }
}

interface RunServer { postgres: Promise<TestPostgres & { stop(): Promise<void> }>; users: number }
// Each vitest project runs the global setup; they share one server through the main process's global.
const shared = globalThis as { gamePickerTestPostgres?: RunServer }

async function startForRun(): Promise<TestPostgres & { stop(): Promise<void> }> {
  const prefix = `gp_test_${randomBytes(3).toString('hex')}_`
  const owner = { user: `${prefix}owner`, password: randomBytes(12).toString('hex') }
  const external = process.env.GAME_PICKER_TEST_PG_URL
  // Room for the suites' many short-lived servers, each with its own small pool. The tests kill
  // servers of ours, never this PostgreSQL, so it need not wait for the disk: a commit's flush
  // was most of what a test database's set-up and each write waited for. Nor does it vacuum: the
  // hundreds of small databases of a run live minutes, and the launcher's round of them started
  // a worker process every fraction of a second.
  const cluster = external ? null : await startPgCluster([
    '-c', 'max_connections=500', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'autovacuum=off',
  ])
  const adminUrl = external ?? cluster!.adminUrl
  await run(adminUrl, `CREATE ROLE ${owner.user} LOGIN PASSWORD '${owner.password}'`)
  return {
    adminUrl, owner, prefix, fromTemplate: await migratedTemplate(adminUrl, owner, prefix),
    async stop() {
      if (cluster) return cluster.destroy()
      const { rows } = await run(adminUrl, `SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'`)
      for (const { datname } of rows) await run(adminUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
      await run(adminUrl, `DROP ROLE IF EXISTS ${owner.user}`)
    },
  }
}

/**
 * A database with every migration applied, which test databases are copied from: migrating each
 * of the run's hundreds of databases again was half of PostgreSQL's CPU in the suite. It is not
 * set up (no store_setup row), so a copy's first start still runs its `onCreate` (the bundled
 * catalogue) as a new database's does. Tests about migrating or starting on an empty database ask
 * for one without the schema. From PostgreSQL 15 the copy is a file copy, which on a database
 * this small is faster than writing it through the WAL.
 */
async function migratedTemplate(adminUrl: string, owner: TestPostgres['owner'], prefix: string): Promise<string> {
  const name = `${prefix}template`
  await run(adminUrl, `CREATE DATABASE ${name} OWNER ${owner.user}`)
  const url = ownerUrl(adminUrl, owner, name)
  await startUp(url, {})
  await run(url, 'DELETE FROM store_setup')
  const { rows: [{ version }] } = await run(adminUrl, 'SHOW server_version_num')
  return `TEMPLATE ${name}${Number(version) >= 150000 ? ' STRATEGY FILE_COPY' : ''}`
}

export default async function setup(project: TestProject) {
  const server = (shared.gamePickerTestPostgres ??= { postgres: startForRun(), users: 0 })
  server.users += 1
  const { stop, ...postgres } = await server.postgres
  project.provide('postgres', postgres)
  return async () => {
    if (--server.users > 0) return
    shared.gamePickerTestPostgres = undefined
    await stop()
  }
}
