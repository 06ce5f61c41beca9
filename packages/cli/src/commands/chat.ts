// chat twitch|status|stop: the chat connectors. What to read is kept in the database; a running
// server reads it (with --remote, that server; on a file, the next `serve` on it).
import type { ChatConnectorState, ChatListEntry } from '@game-picker/core'
import type { CommandContext } from '../context.ts'

const STATE_WORDS: Record<ChatConnectorState, string> = {
  connecting: 'connecting', connected: 'connected', reconnecting: 'reconnecting (the connection dropped; trying again)',
  failed: 'failed (the platform refused the credentials)', ended: 'ended (the stream\'s chat is over)',
  quota_exceeded: 'waiting for the daily quota to reset',
}

/** What each platform reads, as a person names it. */
const CHANNEL_WORDS: Record<string, string> = { twitch: 'Twitch channel', discord: 'Discord channel', youtube: 'YouTube video' }

function describe(platform: string, status: Omit<ChatListEntry, 'platform'>): string {
  const { up, down, poll, ignored } = status.counts
  return [
    `${CHANNEL_WORDS[platform] ?? platform}: ${status.channel}`,
    `State: ${STATE_WORDS[status.state] ?? status.state}`,
    `Since: ${status.since}`,
    `Votes: ${up} up, ${down} down, ${poll} in polls; ${ignored} messages ignored`,
  ].join('\n')
}

/** Starts reading a platform's chat with the POST body `body`. */
export async function startChat(ctx: CommandContext, platform: string, body: Record<string, unknown>, hint: string) {
  const backend = await ctx.backend('write')
  const status = await backend.chat.start(platform, body) as ChatListEntry
  const where = backend.mode === 'remote' ? 'The server reads it now.' : 'A server started on this database reads it.'
  ctx.output.result(status, `${describe(platform, status)}\n${where} ${hint}`)
}

export const chatCommand = {
  twitch: (ctx: CommandContext, _args: [], { channel }: { channel: string }) =>
    startChat(ctx, 'twitch', { channel }, 'Viewers type thisgame++ or thisgame-- (and a number while a poll is open).'),
  status: async (ctx: CommandContext) => {
    const chats = await (await ctx.backend('read')).chat.list()
    ctx.output.result(chats, chats.length === 0 ? 'No chat is read.' : chats.map((chat) => describe(chat.platform, chat)).join('\n\n'))
  },
  stop: async (ctx: CommandContext, [platform = 'twitch']: [string?]) => {
    const status = await (await ctx.backend('write')).chat.stop(platform) as ChatListEntry
    ctx.output.result(status, `Stopped reading ${status.channel}.\n${describe(platform, status)}`)
  },
}
