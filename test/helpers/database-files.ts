// The files a database's data is written into, for tests that read their raw bytes: for a
// database file, the file and its journal and pages files (not its key file); on PostgreSQL,
// the files of the test's own database in the server's data folder, after a checkpoint wrote
// everything committed into them.
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { inject } from 'vitest'
import { runSql } from './pg-admin.ts'
import { databaseFor, TEST_STORE } from './postgres.ts'

export async function databaseFiles(db: string, cwd: string): Promise<string[]> {
  if (TEST_STORE === 'sqlite') {
    return readdirSync(cwd).filter((name) => name.startsWith(db) && !name.endsWith('.key')).map((name) => join(cwd, name))
  }
  const { adminUrl } = inject('postgres')
  const name = new URL(await databaseFor(resolve(cwd, db))).pathname.slice(1)
  await runSql(adminUrl, 'CHECKPOINT')
  const { rows: [{ dir }] } = await runSql(adminUrl, "SELECT current_setting('data_directory') AS dir")
  const { rows: [{ oid }] } = await runSql(adminUrl, `SELECT oid FROM pg_database WHERE datname = '${name}'`)
  const folder = join(dir, 'base', String(oid))
  return readdirSync(folder).map((file) => join(folder, file))
}
