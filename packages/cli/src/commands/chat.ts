// chat twitch|status|stop: the Twitch chat connector. The channel is kept in the database; a
// running server reads it (with --remote, that server; on a file, the next `serve` on it).
import type { ChatConnectorStatus } from '@game-picker/core'
import type { CommandContext } from '../context.ts'

const STATE_WORDS: Record<ChatConnectorStatus['state'], string> = {
  connecting: 'connecting', connected: 'connected', reconnecting: 'reconnecting (the connection dropped; trying again)',
}

function describe(status: ChatConnectorStatus): string {
  const { up, down, poll, ignored } = status.counts
  return [
    `Twitch channel: ${status.channel}`,
    `State: ${STATE_WORDS[status.state]}`,
    `Since: ${status.since}`,
    `Votes: ${up} up, ${down} down, ${poll} in polls; ${ignored} messages ignored`,
  ].join('\n')
}

export const chatCommand = {
  twitch: async (ctx: CommandContext, _args: [], { channel }: { channel: string }) => {
    const backend = await ctx.backend('write')
    const status = await backend.chat.start({ channel })
    const where = backend.mode === 'remote' ? 'The server reads it now.' : 'A server started on this database reads it.'
    ctx.output.result(status, `${describe(status)}\n${where} Viewers type thisgame++ or thisgame-- (and a number while a poll is open).`)
  },
  status: async (ctx: CommandContext) => {
    const status = await (await ctx.backend('read')).chat.status()
    ctx.output.result(status, describe(status))
  },
  stop: async (ctx: CommandContext) => {
    const status = await (await ctx.backend('write')).chat.stop()
    ctx.output.result(status, `Stopped reading ${status.channel}.\n${describe(status)}`)
  },
}
