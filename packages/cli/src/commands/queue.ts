// queue, queue open|close|add|remove|seat: the active session's viewer queue.
import type { CommandContext } from '../context.ts'
import { describeQueue } from './queue-format.ts'

export const queueCommand = {
  show: async (ctx: CommandContext) => {
    const queue = await (await ctx.backend('read')).queue.get()
    ctx.output.result(queue, () => describeQueue(queue))
  },

  open: async (ctx: CommandContext, _args: [], { hostPlayers }: { hostPlayers?: number }) => {
    const queue = await (await ctx.backend('write')).queue.open({ host_players: hostPlayers })
    ctx.output.result(queue, () => describeQueue(queue))
  },

  close: async (ctx: CommandContext) => {
    const queue = await (await ctx.backend('write')).queue.close()
    ctx.output.result(queue, () => describeQueue(queue))
  },

  add: async (ctx: CommandContext, [name]: [string]) => {
    const entry = await (await ctx.backend('write')).queue.add({ name })
    ctx.output.result(entry, `Added ${entry.name} (seat name ${entry.seat_name}) as number ${entry.position} in the line, entry ${entry.id}.`)
  },

  remove: async (ctx: CommandContext, [id]: [number]) => {
    const entry = await (await ctx.backend('write')).queue.remove(id)
    ctx.output.result(entry, `Removed ${entry.name} (entry ${entry.id}, ${entry.state}) from the queue.`)
  },

  seat: async (ctx: CommandContext, _args: [], { count }: { count?: number }) => {
    const queue = await (await ctx.backend('write')).queue.seat({ count })
    ctx.output.result(queue, () => describeQueue(queue))
  },
}
