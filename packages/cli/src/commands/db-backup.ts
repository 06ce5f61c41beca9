// db backup --to FILE: a consistent copy of a database file, made while a server may be writing
// it. With no server, this process opens the file as its writer and copies it; beside a server
// (the file's lock names a live process), the server makes the copy, since only the writer knows
// which pages its checkpoints rewrite (see backup-requests.ts in the store). Either way the copy
// is written under a temporary name, fsynced, checked with integrity_check and then renamed.
// Of a PostgreSQL database (--db URL), this process writes one snapshot of every table into a new
// file database the same way (the postgres store's backup.ts), while servers go on writing.
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import type { CommandContext } from '../context.ts'
import { CliError, UsageError } from '../cli-errors.ts'
import { isPostgresUrl, MEMORY } from '../local-core.ts'

export async function dbBackupCommand(ctx: CommandContext, _args: [], { to }: { to: string }) {
  ctx.assertLocal('db backup')
  const db = ctx.globals.db
  if (db === MEMORY) throw new UsageError('db backup needs a database file or a postgres:// URL, not :memory:.')
  const postgres = isPostgresUrl(db)
  if (!postgres && !existsSync(db)) throw new CliError(`There is no database file at ${db}.`)
  const target = resolve(to)
  if (existsSync(target)) throw new CliError(`${to} already exists; db backup never overwrites a file.`)
  if (!postgres && target === resolve(db)) throw new UsageError('--to names the database itself.')

  const sqlite = await import('@game-picker/sqlite')
  const started = Date.now()
  let from = db
  let bytes: number
  if (postgres) {
    const { backupPostgresDatabase, describeUrl } = await import('@game-picker/postgres')
    from = describeUrl(db)
    const { writeSpooledBackupFile } = await import('../snapshot-spool.ts')
    bytes = (await backupPostgresDatabase({ url: db, target, writeFile: writeSpooledBackupFile })).bytes
  } else {
    try {
      bytes = await backupHere(sqlite, db, target)
    } catch (error) {
      if (!(error instanceof sqlite.DatabaseLockedError)) throw failure(sqlite, error)
      bytes = await sqlite.requestBackup(db, target, error.pid).then((done) => done.bytes, (cause: unknown) => { throw failure(sqlite, cause) })
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const what = postgres ? 'one snapshot of every table, ' : ''
  const message = `Backed up ${from} to ${to}: ${bytes} bytes in ${seconds} s, ${what}checked with SQLite's integrity_check.`
  ctx.output.result({ message, from, to, bytes: statSync(target).size }, message)
}

type Sqlite = typeof import('@game-picker/sqlite')

/** No server holds the file: this process takes the writer lock and copies it (the schema as it is). */
async function backupHere(sqlite: Sqlite, db: string, target: string): Promise<number> {
  const opened = await sqlite.openSqlDatabase({ file: db })
  try {
    return (await sqlite.backupDatabase(opened, target)).bytes
  } finally {
    await opened.close()
  }
}

function failure(sqlite: Sqlite, error: unknown): unknown {
  if (error instanceof sqlite.BackupTargetExistsError || error instanceof sqlite.BackupRunningError || error instanceof sqlite.BackupRequestError) {
    return new CliError(error.message)
  }
  return error
}
