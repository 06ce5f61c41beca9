// The bot's connection (discord.js over the Gateway), opened on the server that holds Discord's
// lease. It logs in, finds the channel's server, registers the slash commands there, keeps the
// poll message in step, announces what is played, and reads the channel's messages when Discord
// grants the Message Content intent. discord.js resumes the Gateway session by itself after a
// disconnect; what it cannot recover from is handled here:
//   - 4014 (the Message Content switch is off): connect again without the intent; buttons and
//     commands still work, `message_content` is false;
//   - a refused token (401 on GET /gateway/bot, or close 4004): state "failed", no retries;
//   - Discord unreachable: try again, waiting longer each time (up to a minute).
import {
  Client, Events, GatewayCloseCodes, GatewayIntentBits, type Interaction, type Message, Routes,
} from 'discord.js'
import { readDiscordSettings, type DiscordSettings } from './settings.ts'
import type { PlatformContext } from '@game-picker/core'
import { followEvents, type FollowedEvent } from './event-follower.ts'
import { createInteractionHandlers, discordName, discordVoter } from './interactions.ts'
import { nowPlaying, SLASH_COMMANDS } from './messages.ts'
import { createPollMessageKeeper, type MessageChannel, type PollMessageKeeper } from './poll-message.ts'

export const TOKEN_REFUSED = 'Discord refused the bot token'
export const CHANNEL_UNKNOWN = 'The bot cannot see this Discord channel'

const RETRY_FIRST_MS = 2000
const RETRY_MAX_MS = 60_000

export interface DiscordBotOptions extends PlatformContext {
  apiUrl: string
}

export async function openDiscordBot(options: DiscordBotOptions): Promise<{ close(): Promise<void> }> {
  const { services, log, channel: channelId } = options
  const token = options.secret ?? ''
  let settings: DiscordSettings = readDiscordSettings(options.settings)
  let client: Client | undefined
  let keeper: PollMessageKeeper | undefined
  let closed = false
  let retryMs = RETRY_FIRST_MS
  let retry: NodeJS.Timeout | undefined
  const handlers = createInteractionHandlers(services, () => keeper)
  const events = followEvents(services, (event) => answer(event), log)
  let following = false

  const save = (change: Partial<DiscordSettings>) => {
    settings = { ...settings, ...change }
    options.update({ settings: change })
  }

  /** The channel by REST (independent of discord.js's caches, which a reconnect replaces). */
  const channel: MessageChannel = {
    post: async (message) => ((await client!.rest.post(Routes.channelMessages(channelId), { body: message })) as { id: string }).id,
    edit: async (messageId, message) => void (await client!.rest.patch(Routes.channelMessage(channelId, messageId), { body: message })),
  }

  async function answer(event: FollowedEvent): Promise<void> {
    if (event.type === 'poll.opened' || event.type === 'poll.closed') await keeper?.sync()
    else if (event.type === 'poll.voted') keeper?.tallies()
    else if (event.type === 'game.added') {
      await options.once(`event:${event.id}`, async () => {
        await channel.post({ content: nowPlaying(event.data.game, await roomCode(event.data)), components: [] })
        return null
      })
    }
  }

  async function roomCode(data: { session: { id: number }; game: { id: number } }): Promise<string | null> {
    if (!settings.announce_room_code) return null
    const rows = await services.sessionGames.list(data.session.id)
    return rows.findLast((row) => row.game_id === data.game.id && row.status === 'playing')?.room_code ?? null
  }

  function fail(error: string): void {
    log(error)
    save({ error })
    options.update({ state: 'failed' })
    void stopClient()
  }

  async function stopClient(): Promise<void> {
    const current = client
    client = undefined
    await current?.destroy().catch(() => {})
  }

  function later(): void {
    if (closed) return
    options.update({ state: 'reconnecting' })
    clearTimeout(retry)
    retry = setTimeout(() => void connect(settings.message_content !== false), retryMs)
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS)
  }

  async function ready(current: Client, withContent: boolean): Promise<void> {
    const found = await current.channels.fetch(channelId).catch(() => null)
    if (client !== current) return
    if (!found || !('guildId' in found) || !found.guildId) return fail(CHANNEL_UNKNOWN)
    await current.application!.commands.set(SLASH_COMMANDS, found.guildId)
    if (client !== current) return
    retryMs = RETRY_FIRST_MS
    save({ guild_id: found.guildId, message_content: withContent, error: null })
    options.update({ state: 'connected' })
    keeper ??= createPollMessageKeeper({
      services, channel, log, stored: settings.poll_message, save: (poll_message) => save({ poll_message }),
    })
    await keeper.sync()
    if (!following) {
      following = true
      await events.start()
    }
  }

  async function connect(withContent: boolean): Promise<void> {
    if (closed) return
    await stopClient()
    const intents = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, ...(withContent ? [GatewayIntentBits.MessageContent] : [])]
    const current = new Client({ intents, rest: { api: options.apiUrl } })
    client = current
    current.once(Events.ClientReady, () => void ready(current, withContent).catch((error: unknown) => {
      log(`could not set the bot up: ${String(error)}`)
      if (client === current) later()
    }))
    current.on(Events.ShardDisconnect, (event) => {
      if (client !== current) return
      if (event.code === GatewayCloseCodes.DisallowedIntents && withContent) {
        log('Discord did not grant the Message Content intent: reading commands and buttons only')
        save({ message_content: false })
        void connect(false)
      } else if (event.code === GatewayCloseCodes.AuthenticationFailed) {
        fail(TOKEN_REFUSED)
      } else {
        void stopClient().then(later)
      }
    })
    current.on(Events.ShardReconnecting, () => { if (client === current) options.update({ state: 'reconnecting' }) })
    current.on(Events.ShardResume, () => { if (client === current) options.update({ state: 'connected' }) })
    current.on(Events.ShardReady, () => { if (client === current && current.isReady()) options.update({ state: 'connected' }) })
    current.on(Events.Error, (error) => log(`Discord: ${error.message}`))
    current.on(Events.InteractionCreate, (interaction) => void interact(current, interaction))
    current.on(Events.MessageCreate, (message) => read(current, message, withContent))
    try {
      await current.login(token)
    } catch (error) {
      if (client !== current) return
      if ((error as { code?: unknown }).code === 'TokenInvalid') return fail(TOKEN_REFUSED)
      log(`could not reach Discord: ${(error as Error).message}`)
      await stopClient()
      later()
    }
  }

  async function interact(current: Client, interaction: Interaction): Promise<void> {
    if (client !== current || (!interaction.isChatInputCommand() && !interaction.isButton())) return
    // In the member's turn: a press waiting for Discord's answer holds up only that member's next one.
    await options.once(`interaction:${interaction.id}`, () =>
      interaction.isButton() ? handlers.button(interaction) : handlers.command(interaction as never), discordVoter(interaction.user))
      .catch((error: unknown) => log(`an interaction was not answered: ${String(error)}`))
  }

  function read(current: Client, message: Message, withContent: boolean): void {
    if (client !== current || !withContent || message.channelId !== channelId || message.author.bot) return
    options.receive({
      id: message.id, username: discordVoter(message.author), name: discordName(message.author), text: message.content,
      sentAt: message.createdAt.toISOString(),
    })
  }

  void connect(settings.message_content !== false)
  return {
    async close() {
      closed = true
      clearTimeout(retry)
      keeper?.close()
      await events.stop()
      await stopClient()
    },
  }
}
