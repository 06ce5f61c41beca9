// serve: the HTTP API over the database file, until SIGINT/SIGTERM. A generated admin key is
// printed once; a configured one never is.
import { chatConfigFromEnv } from '../chat-config.ts'
import type { CommandContext } from '../context.ts'
import { describeCreation, openLocalCore } from '../local-core.ts'
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
}

export async function serveCommand(ctx: CommandContext, _args: [], options: ServeOptions) {
  ctx.assertLocal('serve')
  // On PostgreSQL, a database that does not answer yet does not stop the server: it answers 503
  // until the database is reachable, then sets up (as a start would) and serves.
  const { core, created, ready } = await openLocalCore({
    file: ctx.globals.db, access: 'write', seed: !options.empty, waitForDatabase: true, holdCaches: true,
    chat: { ...chatConfigFromEnv(), twitch: { url: options.twitchChatUrl || undefined } },
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
    const server = await startServer({
      core, port: options.port, host: options.host, adminKey: options.adminKey || undefined,
      jwtSecret: options.jwtSecret || undefined, ecastUrl: options.ecastUrl || undefined,
      log: (line) => ctx.output.note(line),
    })
    ctx.output.raw(`Game Picker API listening on ${server.url}\n${describeNetwork(server.network(), listensOnAllInterfaces(options.host))}\n`)
    void ready?.then(setUp).catch((error: unknown) => ctx.output.note(`Setting up the database failed: ${String(error)}`))
    const signal = await ctx.runtime.waitForShutdown()
    ctx.output.note(`${signal}: finishing requests and saving the database...`)
    await server.close()
  } finally {
    await core.close() // checkpoints the database and releases the lock
  }
}
