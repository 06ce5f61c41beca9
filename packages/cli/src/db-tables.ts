// Opening a database's whole tables (for db copy): a file, or a postgres:// URL.
import { existsSync } from 'node:fs'
import type { DatabaseTables } from '@game-picker/core'
import { CliError, UsageError } from './cli-errors.ts'
import { isPostgresUrl, MEMORY } from './local-core.ts'

export async function openTables(db: string, access: 'read' | 'write'): Promise<DatabaseTables> {
  if (db === MEMORY) throw new UsageError('db copy needs a database file or a postgres:// URL, not :memory:.')
  if (isPostgresUrl(db)) {
    const { openPostgresTables } = await import('@game-picker/postgres')
    return openPostgresTables({ url: db })
  }
  if (access === 'read' && !existsSync(db)) throw new CliError(`There is no database file at ${db}.`)
  const { openSqliteTables } = await import('@game-picker/sqlite')
  // The source is only read, so a server may keep running on it (its journal is replayed).
  return openSqliteTables({ file: db, readOnly: access === 'read' })
}
