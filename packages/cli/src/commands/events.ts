// events: follows a server's live event stream until Ctrl-C, one line per event (one JSON object
// per line with --json). It needs a server: the stream lives there, not in the database file.
import { readEventTypes } from '@game-picker/core'
import { CliError, UsageError } from '../cli-errors.ts'
import type { CommandContext } from '../context.ts'
import { followEvents, type StreamEvent } from '../event-follower.ts'
import { describeEvent } from '../event-format.ts'
import { createRemoteClient } from '../remote-client.ts'
import { createFileTokenCache } from '../token-cache.ts'

export async function eventsCommand(ctx: CommandContext, _args: [], options: { events?: string }) {
  const { remote, key } = ctx.globals
  if (!remote) throw new UsageError('events follows a server\'s live stream: pass --remote URL (and --key KEY to see who voted).')
  let types
  try {
    types = readEventTypes(options.events)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const client = key ? createRemoteClient({ url: remote, key, tokenCache: createFileTokenCache(remote, key) }) : undefined
  const print = (event: StreamEvent) =>
    ctx.output.raw(`${ctx.output.json ? JSON.stringify(event) : describeEvent(event)}\n`)

  const follow = async (fresh: boolean) => {
    const token = await client?.token({ fresh })
    return followEvents({ url: client?.url ?? remote, types, token, onEvent: print, onStatus: (line) => ctx.output.note(line) })
  }
  let follower = await follow(false)
  for (let retried = false; ;) {
    const outcome = await Promise.race([follower.failed, ctx.runtime.waitForShutdown().then(() => null)])
    follower.close()
    if (outcome === null) return
    // A cached token from before a server restart with a new secret: log in once more.
    if (outcome.status === 403 && client && !retried) {
      retried = true
      follower = await follow(true)
      continue
    }
    throw new CliError(outcome.message)
  }
}
