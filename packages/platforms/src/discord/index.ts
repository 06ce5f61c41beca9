// Discord: a bot in one channel of a server, over the Gateway (no public URL needed). It brings
// the picker, the polls and the votes into the channel: slash commands, a poll message with a
// button per candidate, "Now playing" announcements and, with the Message Content intent, the
// chat votes as in Twitch chat. discord.js is heavy: it is loaded only by `open()`, on the one
// server that holds the connection, so the CLI and an unconnected server never load it.
import { chatCountsOf, invalidInput, type ChatConnectorRecord, asFields, type ChatPlatform, type PlatformConnection } from '@game-picker/core'
import { readDiscordSettings } from './settings.ts'

export interface DiscordConfig {
  /** The REST base (`DISCORD_API_URL`, default https://discord.com/api); requests go to {apiUrl}/v10/... */
  apiUrl?: string
  /** The bot token when the POST body has none (`DISCORD_BOT_TOKEN`). */
  botToken?: string
}

export const DEFAULT_DISCORD_API_URL = 'https://discord.com/api'

/** A snowflake as Discord shows channel ids: 17 to 20 digits. */
const CHANNEL_ID = /^\d{17,20}$/

export function createDiscordPlatform(config: DiscordConfig = {}): ChatPlatform {
  return {
    name: 'discord',
    errors: { alreadyConnected: 'Already connected to a Discord channel', notConnected: 'Not connected to Discord' },
    async prepare(input) {
      const fields = asFields(input)
      if (typeof fields.channel_id !== 'string' || !CHANNEL_ID.test(fields.channel_id)) {
        throw invalidInput('channel_id must be a Discord channel id')
      }
      const token = typeof fields.bot_token === 'string' && fields.bot_token.trim() !== '' ? fields.bot_token.trim() : config.botToken
      if (fields.bot_token !== undefined && fields.bot_token !== null && typeof fields.bot_token !== 'string') {
        throw invalidInput('bot_token must be a string')
      }
      if (!token) throw invalidInput('A Discord bot token is required')
      const announce = fields.announce_room_code ?? true
      if (typeof announce !== 'boolean') throw invalidInput('announce_room_code must be a boolean')
      return {
        channel: fields.channel_id,
        settings: { announce_room_code: announce, guild_id: null, message_content: null },
        secret: token,
      }
    },
    toStatus(row: ChatConnectorRecord) {
      const settings = readDiscordSettings(row.settings)
      return {
        channel_id: row.channel,
        guild_id: settings.guild_id,
        state: row.state,
        since: row.since,
        message_content: settings.message_content,
        counts: chatCountsOf(row),
        ...(settings.error ? { error: settings.error } : {}),
      }
    },
    open(context): PlatformConnection {
      // The bot and discord.js load here, on the lease holder only.
      const bot = import('./bot.ts').then(({ openDiscordBot }) =>
        openDiscordBot({ ...context, apiUrl: config.apiUrl ?? DEFAULT_DISCORD_API_URL }))
      bot.catch((error: unknown) => context.log(`could not start the bot: ${String(error)}`))
      return { close: async () => (await bot.catch(() => null))?.close() }
    },
  }
}
