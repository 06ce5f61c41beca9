// vitest globalSetup: one PostgreSQL server for the whole run, started from npm, unless
// GAME_PICKER_TEST_PG_URL names one (a role that may create databases). Tests create a
// database of their own on it (test/helpers/postgres.ts), owned by an ordinary role: the
// store never needs a superuser.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { startPgCluster } from './pg-cluster.ts'

export interface TestPostgres {
  /** Creates the test databases. */
  adminUrl: string
  /** The role tests connect as; null = the admin URL's own. */
  owner: { user: string; password: string } | null
  /** Prefix of this run's database names. */
  prefix: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: TestPostgres
  }
}

async function run(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

export default async function setup(project: TestProject) {
  const prefix = `gp_test_${randomBytes(3).toString('hex')}_`
  const external = process.env.GAME_PICKER_TEST_PG_URL
  if (external) {
    project.provide('postgres', { adminUrl: external, owner: null, prefix })
    return async () => {
      const { rows } = await run(external, `SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'`)
      for (const { datname } of rows) await run(external, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    }
  }
  // Room for the suites' many short-lived servers, each with its own small pool.
  const cluster = await startPgCluster(['-c', 'max_connections=500'])
  const owner = { user: 'game_picker', password: randomBytes(12).toString('hex') }
  await run(cluster.adminUrl, `CREATE ROLE ${owner.user} LOGIN PASSWORD '${owner.password}'`)
  project.provide('postgres', { adminUrl: cluster.adminUrl, owner, prefix })
  return () => cluster.destroy()
}
