// chat twitch|discord|youtube|status|stop: the chat connectors. What to read is kept in the database; a running
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

/** A platform's status: the list's fields, or its own (Discord's names the `channel_id`, YouTube's the `video`, with its quota and error). */
type ChatStatus = Omit<ChatListEntry, 'platform' | 'channel'> & {
  channel?: string; channel_id?: string; video?: string; quota_used?: number; quota_resets_at?: string; error?: string | null
}
const channelOf = (status: ChatStatus) => status.channel ?? status.channel_id ?? status.video

function describe(platform: string, status: ChatStatus): string {
  const { up, down, poll, queue, ignored } = status.counts
  return [
    `${CHANNEL_WORDS[platform] ?? platform}: ${channelOf(status)}`,
    `State: ${STATE_WORDS[status.state] ?? status.state}${status.error ? ` (${status.error})` : ''}`,
    `Since: ${status.since}`,
    `Votes: ${up} up, ${down} down, ${poll} in polls; ${queue} queue joins and leaves; ${ignored} messages ignored`,
    ...(status.quota_used === undefined ? [] : [`Quota used today: ${status.quota_used} of 10000 units (the day starts again at ${status.quota_resets_at})`]),
  ].join('\n')
}

/** Starts reading a platform's chat with the POST body `body`. */
export async function startChat(ctx: CommandContext, platform: string, body: Record<string, unknown>, hint: string) {
  const backend = await ctx.backend('write')
  const status = await backend.chat.start(platform, body) as ChatStatus
  const where = backend.mode === 'remote' ? 'The server reads it now.' : 'A server started on this database reads it.'
  ctx.output.result(status, `${describe(platform, status)}\n${where} ${hint}`)
}

export const chatCommand = {
  twitch: (ctx: CommandContext, _args: [], { channel }: { channel: string }) =>
    startChat(ctx, 'twitch', { channel }, 'Viewers type thisgame++ or thisgame-- (and a number while a poll is open), and !join or !leave for the viewer queue.'),
  discord: (ctx: CommandContext, _args: [], { channel, token }: { channel: string; token?: string }) =>
    startChat(ctx, 'discord', { channel_id: channel, ...(token ? { bot_token: token } : {}) },
      'In the channel: /pick, /vote up|down, /join and /leave (the viewer queue), /poll and /close (Manage Server), and a button per candidate on each poll.'),
  youtube: (ctx: CommandContext, _args: [], { video, apiKey, interval }: { video: string; apiKey?: string; interval?: number }) =>
    startChat(ctx, 'youtube', { video, ...(apiKey === undefined ? {} : { api_key: apiKey }), ...(interval === undefined ? {} : { interval_seconds: interval }) },
      'Viewers type thisgame++ or thisgame-- (and a number while a poll is open), and !join or !leave for the viewer queue; messages already in the chat are not counted.'),
  status: async (ctx: CommandContext) => {
    const backend = await ctx.backend('read')
    const chats = await backend.chat.list()
    // YouTube's and Discord's own statuses add what the list does not carry: the quota used today, why it failed.
    const details = await Promise.all(chats.map(async (chat): Promise<ChatStatus> =>
      chat.platform === 'twitch' ? chat : (await backend.chat.status(chat.platform).catch(() => chat)) as ChatStatus))
    ctx.output.result(chats, chats.length === 0 ? 'No chat is read.' : chats.map((chat, n) => describe(chat.platform, details[n])).join('\n\n'))
  },
  stop: async (ctx: CommandContext, [platform = 'twitch']: [string?]) => {
    const status = await (await ctx.backend('write')).chat.stop(platform) as ChatStatus
    ctx.output.result(status, `Stopped reading ${channelOf(status)}.\n${describe(platform, status)}`)
  },
}
