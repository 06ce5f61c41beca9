// The store the HTTP and CLI suites run on: sqlite (the default) or PostgreSQL, chosen by
// GAME_PICKER_TEST_STORE, which the `postgres` vitest project sets. On PostgreSQL every test
// database is a fresh database of its own on the run's server (see pg-global-setup.ts).
import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import { ownerUrl, runSql } from './pg-admin.ts'

export type TestStoreKind = 'sqlite' | 'postgres'
export const TEST_STORE: TestStoreKind = process.env.GAME_PICKER_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite'

let created = 0

/**
 * A new database, holding nothing yet: migrated (a copy of the run's template) unless `schema` is
 * 'none', for the tests of migrating and of starting on an empty database. Its URL logs in as the
 * ordinary role that owns it.
 */
export async function createTestDatabase({ schema = 'migrated' }: { schema?: 'migrated' | 'none' } = {}): Promise<string> {
  const { adminUrl, owner, prefix, fromTemplate } = inject('postgres')
  const name = `${prefix}${process.pid}_${++created}_${randomBytes(2).toString('hex')}`
  await runSql(adminUrl, `CREATE DATABASE ${name} OWNER ${owner.user} ${schema === 'migrated' ? fromTemplate : ''}`)
  return ownerUrl(adminUrl, owner, name)
}

const databases = new Map<string, Promise<string>>()

/** The database a test calls `key` (a file name on sqlite): the same key, the same database. */
export function databaseFor(key: string): Promise<string> {
  let url = databases.get(key)
  if (!url) databases.set(key, (url = createTestDatabase()))
  return url
}
