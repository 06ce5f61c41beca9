// webhooks list|add|edit|remove|test|logs.
import type { CommandContext } from '../context.ts'
import { UsageError } from '../cli-errors.ts'
import { WEBHOOK_COLUMNS, WEBHOOK_LOG_COLUMNS } from '../format.ts'

export interface WebhookFlags {
  name?: string
  url?: string
  secret?: string
  events?: string
  enable?: boolean
  disable?: boolean
}

/** The HTTP body for the flags given; --events is a comma-separated list. */
function toWebhookBody(flags: WebhookFlags): Record<string, unknown> {
  if (flags.enable && flags.disable) throw new UsageError('Pass either --enable or --disable, not both.')
  const body: Record<string, unknown> = {
    name: flags.name, url: flags.url, secret: flags.secret,
    events: flags.events?.split(',').map((event) => event.trim()).filter(Boolean),
    enabled: flags.enable ? true : flags.disable ? false : undefined,
  }
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined))
}

export const webhooksCommand = {
  list: async (ctx: CommandContext) => {
    const hooks = await (await ctx.backend('read')).webhooks.list()
    ctx.output.table(hooks, WEBHOOK_COLUMNS, 'No webhooks.')
  },

  add: async (ctx: CommandContext, _args: [], flags: WebhookFlags) => {
    const hook = await (await ctx.backend('write')).webhooks.create(toWebhookBody(flags))
    ctx.output.result(hook, `Added webhook #${hook.id} ${hook.name} (${hook.events.join(', ')}).`)
  },

  edit: async (ctx: CommandContext, [id]: [number], flags: WebhookFlags) => {
    const body = toWebhookBody(flags)
    if (Object.keys(body).length === 0) throw new UsageError('Nothing to change: pass at least one flag (see --help).')
    const hook = await (await ctx.backend('write')).webhooks.update(id, body)
    ctx.output.result(hook, `Updated webhook #${hook.id} ${hook.name}.`)
  },

  remove: async (ctx: CommandContext, [id]: [number]) => {
    await (await ctx.backend('write')).webhooks.remove(id)
    ctx.output.result({ message: 'Webhook deleted', webhookId: id }, `Deleted webhook #${id} and its logs.`)
  },

  test: async (ctx: CommandContext, [id]: [number]) => {
    const backend = await ctx.backend('write')
    await backend.webhooks.test(id)
    // Deliveries are sent by the server's worker; a local database keeps them queued until `serve` runs.
    const when = backend.mode === 'remote' ? 'asynchronously' : 'when `game-picker serve` runs on this database'
    ctx.output.result(
      { message: 'Test webhook sent', note: `Delivery is asynchronous; see game-picker webhooks logs ${id}` },
      `Queued a test game.added event for webhook #${id}; it is delivered ${when}. See: game-picker webhooks logs ${id}`,
    )
  },

  logs: async (ctx: CommandContext, [id]: [number], { limit }: { limit?: number }) => {
    const logs = await (await ctx.backend('read')).webhooks.logs(id, limit)
    ctx.output.table(logs, WEBHOOK_LOG_COLUMNS, 'No deliveries yet.')
  },
}
