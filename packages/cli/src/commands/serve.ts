// serve: the HTTP API over the database file, until SIGINT/SIGTERM. A generated admin key is
// printed once; a configured one never is.
import { createBackups } from '@game-picker/sqlite'
import { adapterConfigFromEnv } from '../adapters.ts'
import type { CommandContext } from '../context.ts'
import { CliError, UsageError } from '../cli-errors.ts'
import { describeCreation, MEMORY, openLocalCore } from '../local-core.ts'
import { SHOWN_ONCE } from './admin-key.ts'
import { describeNetwork } from './serve-network.ts'

export interface ServeOptions {
  port: number
  host: string
  adminKey?: string
  jwtSecret?: string
  ecastUrl?: string
  twitchChatUrl?: string
  empty?: boolean
  backupDir?: string
  /** ms */
  backupEvery: number
  backupKeep: number
}

export async function serveCommand(ctx: CommandContext, _args: [], options: ServeOptions) {
  ctx.assertLocal('serve')
  const backups = backupSchedule(ctx.globals.db, options)
  // On PostgreSQL, a database that does not answer yet does not stop the server: it answers 503
  // until the database is reachable, then sets up (as a start would) and serves.
  const { core, created, ready, label } = await openLocalCore({
    file: ctx.globals.db, secretKeyFile: ctx.globals.secretKeyFile, access: 'write', seed: !options.empty, waitForDatabase: true, holdCaches: true, answerBackupRequests: true,
    adapters: { ...adapterConfigFromEnv(), twitch: { url: options.twitchChatUrl || undefined }, ecastUrl: options.ecastUrl || undefined },
  })
  const setUp = async (made: typeof created) => {
    if (made) ctx.output.note(describeCreation(made))
    if (!options.adminKey) {
      const generated = await core.adminKeys.ensure()
      if (generated) ctx.output.raw(`${SHOWN_ONCE} ${generated}\n`)
    }
  }
  try {
    if (!ready) await setUp(created)
    const { listensOnAllInterfaces, startServer } = await import('@game-picker/http')
    const log = (line: string) => ctx.output.note(line)
    const server = await startServer({
      core, port: options.port, host: options.host, adminKey: options.adminKey || undefined,
      jwtSecret: options.jwtSecret || undefined,
      backups: backups && createBackups(core.store, { schedule: backups, log }),
      log,
    })
    ctx.output.raw(`Game Picker API listening on ${server.url}\n${describeNetwork(server.network(), listensOnAllInterfaces(options.host))}\n`)
    if (backups) ctx.output.note(`Backing up ${label} into ${backups.dir} every ${options.backupEvery / 1000} s, keeping the newest ${backups.keep}.`)
    try {
      const signal = await Promise.race([ctx.runtime.waitForShutdown(), ...(ready ? [setUpLater(ready.then(setUp), log)] : [])])
      ctx.output.note(`${signal}: finishing requests and saving the database...`)
    } finally {
      await server.close()
    }
  } finally {
    await core.close() // checkpoints the database and releases the lock
  }
}

/**
 * A PostgreSQL database that answered only after the server started: a failed set-up is logged,
 * but the wrong secret key stops the server (exit 1), as it would have at the start.
 */
function setUpLater(setUp: Promise<void>, log: (line: string) => void): Promise<never> {
  return setUp.then(() => new Promise<never>(() => {}), (error: unknown) => {
    if (error instanceof CliError) throw error
    log(`Setting up the database failed: ${String(error)}`)
    return new Promise<never>(() => {})
  })
}

/** `--backup-dir` and its interval and count, refused before anything opens on a database in memory. */
function backupSchedule(db: string, options: ServeOptions) {
  if (!options.backupDir) return undefined
  if (db === MEMORY) throw new UsageError('serve --backup-dir needs a database file or a postgres:// URL, not :memory:.')
  return { dir: options.backupDir, everyMs: options.backupEvery, keep: options.backupKeep }
}
