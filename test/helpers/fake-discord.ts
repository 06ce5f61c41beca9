// A local stand-in for Discord: the REST API (v10, JSON) and the Gateway (JSON encoding, no
// compression) as a bot sees them, so the real discord.js client runs against it unchanged
// (`new Client({ rest: { api: fake.apiUrl } })`; the Gateway URL is the `url` of `GET /gateway/bot`).
// One application with its bot user, one guild with text channels, and the people in it, who run
// slash commands, press buttons and write messages through the helpers below; everything the bot
// sends is recorded.
//
// Which documentation each behaviour follows (https://discord.com/developers/docs/...):
//   topics/gateway                      Hello → Identify → READY; heartbeats and ACKs; Resume replays
//                                       what was missed then RESUMED; op 7 Reconnect; op 9 Invalid Session;
//                                       intents and the privileged Message Content intent
//   topics/opcodes-and-status-codes     opcodes; close codes 4004 (authentication failed), 4014 (disallowed intents)
//   events/gateway-events               READY (session_id, resume_gateway_url, guilds unavailable),
//                                       GUILD_CREATE, MESSAGE_CREATE, INTERACTION_CREATE
//   topics/gateway#message-content-intent  without the intent, content/embeds/attachments/components
//                                       of other people's messages arrive empty
//   resources/gateway#get-gateway-bot   { url, shards, session_start_limit }
//   reference#authentication            `Authorization: Bot TOKEN`; 401 { message: '401: Unauthorized', code: 0 }
//   interactions/receiving-and-responding  the interaction object; the callback
//                                       (POST /interactions/{id}/{token}/callback, no bot auth) within
//                                       3 seconds or the token is invalid (10062 Unknown interaction);
//                                       one initial response (40060 already acknowledged); editing the
//                                       original response through the webhook routes
//   interactions/application-commands   PUT /applications/{app}/guilds/{guild}/commands (bulk overwrite),
//                                       `default_member_permissions`
//   interactions/receiving-and-responding#interaction-object
//                                       INTERACTION_CREATE of a chat input command (type 2, data type 1)
//                                       in a guild: `member` (with `user` and `permissions`), `user` only
//                                       in a DM; `data.options` absent for a command run without any;
//                                       an ephemeral response has `flags` 64 (EPHEMERAL, 1 << 6, in
//                                       resources/message#message-object-message-flags). The same shapes
//                                       in discord-api-types: payloads/v10/_interactions/base.ts and
//                                       payloads/v10/_interactions/_applicationCommands/chatInput.ts
//   resources/user#user-object          `username` (unique) and `global_name`: "the user's display name,
//                                       if it is set", else null (discord-api-types payloads/v10/user.ts)
//   resources/message                   POST /channels/{id}/messages, PATCH /channels/{id}/messages/{id};
//                                       the bot's own messages come back as MESSAGE_CREATE
//   resources/channel#get-channel       GET /channels/{id}
//   reference#snowflakes                ids: milliseconds since 2015 shifted left 22 bits
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import { until } from './until.ts'

/** Gateway intents (topics/gateway#list-of-intents) this fake looks at. */
export const INTENTS = { GUILDS: 1 << 0, GUILD_MESSAGES: 1 << 9, MESSAGE_CONTENT: 1 << 15 } as const
/** Permission bits (topics/permissions). */
export const PERMISSIONS = { ADMINISTRATOR: 1n << 3n, MANAGE_GUILD: 1n << 5n, SEND_MESSAGES: 1n << 11n, VIEW_CHANNEL: 1n << 10n } as const
const EVERYONE_PERMISSIONS = PERMISSIONS.VIEW_CHANNEL | PERMISSIONS.SEND_MESSAGES | (1n << 31n) // + USE_APPLICATION_COMMANDS

const DISCORD_EPOCH = 1420070400000n
let increment = 0n
/** A new snowflake (reference#snowflakes): a timestamp and an increment, 18 to 19 digits today. */
export function snowflake(): string {
  increment = (increment + 1n) % 4096n
  return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | increment).toString()
}

export interface FakeDiscordUser {
  id: string
  username: string
  /** The name shown in the server (`global_name`); differs from `username`. */
  globalName?: string
  /** Manage Server (or Administrator): who may run `/poll` and `/close`. */
  manageGuild?: boolean
}

/** Something the bot sent or changed, in order. */
export type SentRecord =
  | { kind: 'message'; channelId: string; message: FakeMessage }
  | { kind: 'edit'; channelId: string; message: FakeMessage }
  | { kind: 'reply'; interactionId: string; type: number; data: Record<string, any> | null; ephemeral: boolean }
  | { kind: 'commands'; guildId: string; commands: any[] }

export interface FakeMessage {
  id: string
  channel_id: string
  guild_id?: string
  author: any
  content: string
  components: any[]
  embeds: any[]
  timestamp: string
  edited_timestamp: string | null
  /** Every content/components this message had, the newest last. */
  history: { content: string; components: any[] }[]
}

/** What happened to an interaction a user started. */
export interface InteractionOutcome {
  /** The callback type the bot answered with (4 message, 5 deferred, 6 deferred update, 7 update); null when it failed. */
  type: number | null
  /** The response's message data (content, components, flags). */
  data: Record<string, any> | null
  ephemeral: boolean
  /** True when nothing came within 3 seconds: the user sees "This interaction failed". */
  failed: boolean
}

interface Session {
  id: string
  intents: number
  seq: number
  /** Dispatches kept for a Resume (Discord keeps a session's events for a while after a disconnect). */
  sent: { s: number; payload: string }[]
  socket: WebSocket | null
}

interface Connection {
  socket: WebSocket
  session: Session | null
  heartbeats: number
}

interface PendingInteraction {
  id: string
  token: string
  deadline: number
  answered: boolean
  resolve(outcome: InteractionOutcome): void
  timer: NodeJS.Timeout
  message?: FakeMessage
}

export interface FakeDiscordOptions {
  /** The bot token Discord accepts; others get 401 / close 4004. Default 'fake-bot-token'. */
  token?: string
  /** The Message Content switch in the Developer Portal (privileged intent). Default true. */
  messageContent?: boolean
  /** Hello's heartbeat_interval in ms; default 41250 as Discord sends. */
  heartbeatInterval?: number
  /** How long an interaction may wait for its response; default 3000 ms (Discord's deadline). */
  replyDeadlineMs?: number
  /**
   * How long the bot waits for Discord's answer to an interaction callback (the round trip to
   * Discord, tens to hundreds of ms over the internet); default 0. Discord takes the response
   * when the request arrives: the member sees it then, only the bot's answer comes later.
   */
  replyLatencyMs?: number
}

export interface FakeDiscord {
  /** What DISCORD_API_URL is set to: http://127.0.0.1:PORT/api (requests go to {apiUrl}/v10/...). */
  apiUrl: string
  gatewayUrl: string
  token: string
  applicationId: string
  bot: { id: string; username: string }
  guildId: string
  /** The text channel the bot is meant for; `otherChannelId` is a second one in the same guild. */
  channelId: string
  otherChannelId: string
  /** A user in the guild: makes one (ids are snowflakes). */
  user(username: string, options?: { manageGuild?: boolean; globalName?: string }): FakeDiscordUser
  /**
   * Runs a slash command as `user` (with a subcommand, e.g. `/vote up`); resolves once the bot
   * answered or the deadline passed.
   */
  command(user: FakeDiscordUser, name: string, options?: Record<string, string | number>, subcommand?: string): Promise<InteractionOutcome>
  /**
   * Until the returned release is called, Discord's answers to the bot's interaction callbacks
   * wait (as on a slow network); the responses themselves are taken, and the members see them, at once.
   */
  holdReplies(): () => void
  /** Presses a button (custom_id) on a message as `user`. */
  press(user: FakeDiscordUser, messageId: string, customId: string): Promise<InteractionOutcome>
  /** `user` writes `content` in the channel (MESSAGE_CREATE to sessions with GUILD_MESSAGES). Returns the message id. */
  say(user: FakeDiscordUser, content: string, channelId?: string): string
  /** Sends a dispatch again with a new sequence number, as Discord may deliver an event twice. */
  redeliverLast(type: string): void
  /** Every message the bot created, by id (with its edits). */
  messages: Map<string, FakeMessage>
  /** Everything the bot did, in order. */
  sent: SentRecord[]
  /** The guild's registered commands (the last bulk overwrite). */
  commands(): any[]
  /** Every REST request, as `METHOD /path` (without /api/v10), in order. */
  requests: string[]
  /** Identify payloads received (intents, token), in order; and resumes. */
  identifies: { intents: number; token: string }[]
  resumes: { session_id: string; seq: number }[]
  /** How many gateway connections are open now. */
  connections(): number
  /** Heartbeats the gateway ACKed. */
  readonly heartbeats: number
  /** The Message Content switch (applies to the next Identify). */
  setMessageContent(on: boolean): void
  /** Op 7: tells every connection to reconnect and resume. */
  reconnect(): void
  /** Op 9 with `resumable`; without, the session is forgotten and the bot must identify anew. */
  invalidateSessions(resumable: boolean): void
  /** Closes every connection without a close frame, as a network failure would (the bot resumes). */
  drop(): void
  /** Waits until `check()` holds (polls every 20 ms, up to `ms`). */
  waitFor<T>(check: () => T | undefined | null | false, ms?: number): Promise<T>
  close(): Promise<void>
}

const GATEWAY_PATH = '/gateway'

export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const token = options.token ?? 'fake-bot-token'
  let messageContent = options.messageContent ?? true
  const heartbeatInterval = options.heartbeatInterval ?? 41250
  const replyDeadlineMs = options.replyDeadlineMs ?? 3000
  const replyLatencyMs = options.replyLatencyMs ?? 0
  let repliesHeld: Promise<void> | null = null

  const applicationId = snowflake()
  const bot = { id: applicationId, username: 'Game Picker', discriminator: '0', global_name: null, avatar: null, bot: true }
  const guildId = snowflake()
  const channelId = snowflake()
  const otherChannelId = snowflake()
  const owner = { id: snowflake(), username: 'owner', discriminator: '0', global_name: 'Owner', avatar: null }
  const channels = [
    { id: channelId, type: 0, guild_id: guildId, name: 'games-night', position: 0, permission_overwrites: [], nsfw: false, parent_id: null, topic: null, last_message_id: null, rate_limit_per_user: 0 },
    { id: otherChannelId, type: 0, guild_id: guildId, name: 'general', position: 1, permission_overwrites: [], nsfw: false, parent_id: null, topic: null, last_message_id: null, rate_limit_per_user: 0 },
  ]
  const everyone = { id: guildId, name: '@everyone', permissions: EVERYONE_PERMISSIONS.toString(), position: 0, color: 0, hoist: false, managed: false, mentionable: false, flags: 0 }
  const users = new Map<string, FakeDiscordUser>()
  const sessions = new Map<string, Session>()
  const connectionsOpen = new Set<Connection>()
  const pending = new Map<string, PendingInteraction>()
  const messages = new Map<string, FakeMessage>()
  const sent: SentRecord[] = []
  const identifies: { intents: number; token: string }[] = []
  const resumes: { session_id: string; seq: number }[] = []
  const requests: string[] = []
  let registered: any[] = []
  let heartbeats = 0
  const lastDispatch = new Map<string, any>()

  const http = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => json(response, 500, { message: String(error), code: 0 }))
  })
  const gateway = new WebSocketServer({ noServer: true })
  http.on('upgrade', (request, socket, head) => {
    if (!request.url?.startsWith(GATEWAY_PATH)) return void socket.destroy()
    gateway.handleUpgrade(request, socket, head, (ws) => accept(ws, new URL(request.url!, 'http://x').searchParams))
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const port = (http.address() as AddressInfo).port
  const base = `http://127.0.0.1:${port}`
  const gatewayUrl = `ws://127.0.0.1:${port}${GATEWAY_PATH}`

  // ---- REST ------------------------------------------------------------------------------------

  function json(response: ServerResponse, status: number, body?: unknown): void {
    if (body === undefined) { response.writeHead(status).end(); return }
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }

  async function readBody(request: IncomingMessage): Promise<any> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    if (!text) return null
    // discord.js sends JSON, or multipart/form-data with a `payload_json` part when files are attached.
    if ((request.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
      const match = /name="payload_json"\r\n(?:[^\r\n]*\r\n)*\r\n([\s\S]*?)\r\n--/.exec(text)
      return match ? JSON.parse(match[1]) : null
    }
    return JSON.parse(text)
  }

  const authorized = (request: IncomingMessage) => request.headers.authorization === `Bot ${token}`
  const unauthorized = (response: ServerResponse) => json(response, 401, { message: '401: Unauthorized', code: 0 })
  const unknown = (response: ServerResponse, what: string, code: number) => json(response, 404, { message: `Unknown ${what}`, code })

  function toMessage(channel: string, body: any, author: any): FakeMessage {
    return {
      id: snowflake(), channel_id: channel, guild_id: guildId, author, content: body?.content ?? '',
      components: body?.components ?? [], embeds: body?.embeds ?? [], timestamp: new Date().toISOString(),
      edited_timestamp: null, history: [{ content: body?.content ?? '', components: body?.components ?? [] }],
    }
  }

  /** A message as the API and the Gateway show it (without the fake's own `history`). */
  function wire(message: FakeMessage): Record<string, unknown> {
    const { history: _history, ...rest } = message
    return {
      ...rest, type: 0, tts: false, mention_everyone: false, mentions: [], mention_roles: [], attachments: [],
      pinned: false, flags: 0,
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base)
    const path = decodeURIComponent(url.pathname).replace(/^\/api\/v10/, '')
    if (!url.pathname.startsWith('/api/v10/')) return unknown(response, 'route', 0) // only the v10 API is served
    const method = request.method ?? 'GET'
    requests.push(`${method} ${path}`)
    let match: RegExpExecArray | null

    // Interaction callbacks and the interaction webhooks are authorized by the interaction's token alone.
    if ((match = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path)) && method === 'POST') {
      const body = await readBody(request)
      const answered = interactionCallback(match[1], match[2], body, url.searchParams.get('with_response') === 'true')
      // The answer travels back to the bot: after the round trip, and not while replies are held.
      await Promise.all([repliesHeld, replyLatencyMs > 0 ? new Promise((resolve) => setTimeout(resolve, replyLatencyMs)) : null])
      return json(response, answered.status, answered.body)
    }
    if ((match = /^\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/.exec(path)) && method === 'PATCH') {
      const interaction = [...pending.values()].find((entry) => entry.token === match![2])
      if (!interaction?.message) return unknown(response, 'Message', 10008)
      return json(response, 200, wire(edit(interaction.message, await readBody(request))))
    }

    if (!authorized(request)) return unauthorized(response)
    if (path === '/gateway/bot' && method === 'GET') {
      return json(response, 200, {
        url: gatewayUrl, shards: 1,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
      })
    }
    if (path === '/users/@me' && method === 'GET') return json(response, 200, bot)
    if (path === '/applications/@me' && method === 'GET') return json(response, 200, { id: applicationId, name: bot.username, flags: 0, bot })
    if ((match = /^\/channels\/(\d+)$/.exec(path)) && method === 'GET') {
      const channel = channels.find((entry) => entry.id === match![1])
      return channel ? json(response, 200, channel) : unknown(response, 'Channel', 10003)
    }
    if ((match = /^\/channels\/(\d+)\/messages$/.exec(path)) && method === 'POST') {
      const channel = channels.find((entry) => entry.id === match![1])
      if (!channel) return unknown(response, 'Channel', 10003)
      const message = toMessage(channel.id, await readBody(request), bot)
      messages.set(message.id, message)
      sent.push({ kind: 'message', channelId: channel.id, message })
      json(response, 200, wire(message))
      dispatch('MESSAGE_CREATE', wire(message), INTENTS.GUILD_MESSAGES) // the bot's own message comes back too
      return
    }
    if ((match = /^\/channels\/(\d+)\/messages\/(\d+)$/.exec(path))) {
      const message = messages.get(match[2])
      if (!message || message.channel_id !== match[1]) return unknown(response, 'Message', 10008)
      if (method === 'GET') return json(response, 200, wire(message))
      if (method === 'PATCH') {
        edit(message, await readBody(request))
        sent.push({ kind: 'edit', channelId: message.channel_id, message })
        json(response, 200, wire(message))
        dispatch('MESSAGE_UPDATE', wire(message), INTENTS.GUILD_MESSAGES)
        return
      }
    }
    if ((match = /^\/applications\/(\d+)\/guilds\/(\d+)\/commands$/.exec(path))) {
      if (match[1] !== applicationId) return unknown(response, 'Application', 10002)
      if (match[2] !== guildId) return unknown(response, 'Guild', 10004)
      if (method === 'GET') return json(response, 200, registered)
      if (method === 'PUT') {
        const body = (await readBody(request)) as any[]
        registered = body.map((command) => ({
          id: snowflake(), application_id: applicationId, guild_id: guildId, version: snowflake(), type: 1,
          description: '', options: [], default_member_permissions: null, dm_permission: false, nsfw: false, ...command,
        }))
        sent.push({ kind: 'commands', guildId, commands: registered })
        return json(response, 200, registered)
      }
    }
    return unknown(response, 'route', 0)
  }

  function edit(message: FakeMessage, body: any): FakeMessage {
    if (body && 'content' in body) message.content = body.content ?? ''
    if (body && 'components' in body) message.components = body.components ?? []
    if (body && 'embeds' in body) message.embeds = body.embeds ?? []
    message.edited_timestamp = new Date().toISOString()
    message.history.push({ content: message.content, components: message.components })
    return message
  }

  /** Takes an interaction's response; what Discord answers the bot (status and body). */
  function interactionCallback(id: string, interactionToken: string, body: any, withResponse: boolean): { status: number; body?: unknown } {
    const interaction = pending.get(id)
    if (!interaction || interaction.token !== interactionToken || Date.now() > interaction.deadline) {
      return { status: 404, body: { message: 'Unknown interaction', code: 10062 } }
    }
    if (interaction.answered) return { status: 400, body: { message: 'Interaction has already been acknowledged.', code: 40060 } }
    interaction.answered = true
    clearTimeout(interaction.timer)
    const type = Number(body?.type)
    const data = body?.data ?? null
    const ephemeral = ((data?.flags ?? 0) & 64) !== 0
    sent.push({ kind: 'reply', interactionId: id, type, data, ephemeral })
    if (type === 4 || type === 5) interaction.message = toMessage(channelId, data, bot)
    interaction.resolve({ type, data, ephemeral, failed: false })
    if (!withResponse) return { status: 204 }
    return {
      status: 200,
      body: {
        interaction: { id, type: 2, activity_instance_id: null, response_message_id: interaction.message?.id ?? null, response_message_loading: type === 5, response_message_ephemeral: ephemeral },
        resource: { type, message: interaction.message ? wire(interaction.message) : undefined },
      },
    }
  }

  // ---- Gateway ---------------------------------------------------------------------------------

  function send(connection: Connection, payload: unknown): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(payload))
  }

  /** A dispatch (op 0) to every session whose intents ask for it; kept for Resume. */
  function dispatch(type: string, data: any, intent?: number, shape?: (data: any, session: Session) => any): void {
    lastDispatch.set(type, { data, intent, shape })
    for (const session of sessions.values()) {
      if (intent !== undefined && (session.intents & intent) === 0) continue
      session.seq += 1
      const payload = JSON.stringify({ op: 0, t: type, s: session.seq, d: shape ? shape(data, session) : data })
      session.sent.push({ s: session.seq, payload })
      if (session.socket && session.socket.readyState === session.socket.OPEN) session.socket.send(payload)
    }
  }

  function guildCreate(): Record<string, unknown> {
    return {
      id: guildId, name: 'Games Night', icon: null, splash: null, discovery_splash: null, owner_id: owner.id,
      afk_channel_id: null, afk_timeout: 300, verification_level: 0, default_message_notifications: 0,
      explicit_content_filter: 0, roles: [everyone], emojis: [], stickers: [], features: [], mfa_level: 0,
      application_id: null, system_channel_id: channelId, system_channel_flags: 0, rules_channel_id: null,
      max_members: 500000, vanity_url_code: null, description: null, banner: null, premium_tier: 0,
      premium_subscription_count: 0, preferred_locale: 'en-US', public_updates_channel_id: null,
      nsfw_level: 0, premium_progress_bar_enabled: false, safety_alerts_channel_id: null,
      joined_at: new Date().toISOString(), large: false, unavailable: false, member_count: users.size + 2,
      voice_states: [], members: [{ user: bot, roles: [], joined_at: new Date().toISOString(), deaf: false, mute: false, flags: 0 }],
      channels: channels.map(({ guild_id: _guild, ...channel }) => channel), threads: [], presences: [],
      stage_instances: [], guild_scheduled_events: [], soundboard_sounds: [],
    }
  }

  function accept(socket: WebSocket, params: URLSearchParams): void {
    const connection: Connection = { socket, session: null, heartbeats: 0 }
    connectionsOpen.add(connection)
    socket.on('close', (code) => {
      connectionsOpen.delete(connection)
      if (connection.session?.socket !== socket) return
      connection.session.socket = null
      // A client closing with 1000 or 1001 ends its session; any other close keeps it resumable (topics/gateway#disconnecting).
      if (code === 1000 || code === 1001) sessions.delete(connection.session.id)
    })
    socket.on('error', () => {})
    if (params.get('v') !== '10') return void socket.close(4012, 'Invalid API version')
    if (params.get('encoding') !== 'json' || params.has('compress')) return void socket.close(4002, 'Error while decoding payload.')
    send(connection, { op: 10, d: { heartbeat_interval: heartbeatInterval }, s: null, t: null })
    socket.on('message', (raw) => {
      let payload: any
      try { payload = JSON.parse(String(raw)) } catch { return void socket.close(4002, 'Error while decoding payload.') }
      switch (payload.op) {
        case 1: // Heartbeat → Heartbeat ACK
          heartbeats += 1
          connection.heartbeats += 1
          send(connection, { op: 11, d: null, s: null, t: null })
          break
        case 2: identify(connection, payload.d); break
        case 6: resume(connection, payload.d); break
        case 3: case 4: case 8: break // presence, voice, member requests: nothing to do here
        default: socket.close(4001, 'Unknown opcode.')
      }
    })
  }

  function identify(connection: Connection, data: any): void {
    if (connection.session) return void connection.socket.close(4005, 'Already authenticated.')
    identifies.push({ intents: Number(data?.intents), token: String(data?.token) })
    if (data?.token !== token) return void connection.socket.close(4004, 'Authentication failed.')
    const intents = Number(data?.intents ?? 0)
    if ((intents & INTENTS.MESSAGE_CONTENT) !== 0 && !messageContent) return void connection.socket.close(4014, 'Disallowed intent(s).')
    const session: Session = { id: snowflake(), intents, seq: 0, sent: [], socket: connection.socket }
    connection.session = session
    sessions.set(session.id, session)
    const ready = {
      v: 10, user: { ...bot, verified: true, mfa_enabled: false, flags: 0 }, guilds: [{ id: guildId, unavailable: true }],
      session_id: session.id, resume_gateway_url: gatewayUrl, shard: [0, 1],
      application: { id: applicationId, flags: messageContent ? 1 << 19 : 0 }, private_channels: [], presences: [], relationships: [],
      guild_join_requests: [], geo_ordered_rtc_regions: [], auth: {}, user_settings: {}, session_type: 'normal',
    }
    sendSessionDispatch(session, 'READY', ready)
    if ((intents & INTENTS.GUILDS) !== 0) sendSessionDispatch(session, 'GUILD_CREATE', guildCreate())
  }

  function sendSessionDispatch(session: Session, type: string, data: unknown): void {
    session.seq += 1
    const payload = JSON.stringify({ op: 0, t: type, s: session.seq, d: data })
    session.sent.push({ s: session.seq, payload })
    session.socket?.send(payload)
  }

  function resume(connection: Connection, data: any): void {
    resumes.push({ session_id: String(data?.session_id), seq: Number(data?.seq) })
    if (data?.token !== token) return void connection.socket.close(4004, 'Authentication failed.')
    const session = sessions.get(String(data?.session_id))
    if (!session) return send(connection, { op: 9, d: false, s: null, t: null })
    if (Number(data.seq) > session.seq) return void connection.socket.close(4007, 'Invalid seq.')
    if (session.socket && session.socket !== connection.socket) session.socket.terminate()
    session.socket = connection.socket
    connection.session = session
    for (const entry of session.sent) if (entry.s > Number(data.seq)) connection.socket.send(entry.payload)
    sendSessionDispatch(session, 'RESUMED', {})
  }

  // ---- People in the guild ---------------------------------------------------------------------

  function member(user: FakeDiscordUser): Record<string, unknown> {
    const permissions = EVERYONE_PERMISSIONS | (user.manageGuild ? PERMISSIONS.MANAGE_GUILD : 0n)
    return {
      user: userObject(user), roles: [], joined_at: new Date().toISOString(), premium_since: null, deaf: false, mute: false,
      flags: 0, pending: false, nick: null, avatar: null, communication_disabled_until: null, permissions: permissions.toString(),
    }
  }
  const userObject = (user: FakeDiscordUser) =>
    ({ id: user.id, username: user.username, discriminator: '0', global_name: user.globalName ?? null, avatar: null, public_flags: 0 })

  function interact(user: FakeDiscordUser, type: 2 | 3, data: Record<string, unknown>, message?: FakeMessage): Promise<InteractionOutcome> {
    return new Promise((resolve) => {
      const id = snowflake()
      const interactionToken = `aW50ZXJhY3Rpb246${Buffer.from(id).toString('base64url')}${Math.random().toString(36).slice(2)}`
      const entry: PendingInteraction = {
        id, token: interactionToken, deadline: Date.now() + replyDeadlineMs, answered: false, resolve,
        timer: setTimeout(() => {
          entry.answered = true
          resolve({ type: null, data: null, ephemeral: false, failed: true })
        }, replyDeadlineMs),
      }
      pending.set(id, entry)
      const channel = channels.find((candidate) => candidate.id === (message?.channel_id ?? channelId))!
      dispatch('INTERACTION_CREATE', {
        id, application_id: applicationId, type, data, guild_id: guildId, guild: { id: guildId, locale: 'en-US', features: [] },
        channel_id: channel.id, channel, member: member(user), token: interactionToken, version: 1,
        app_permissions: (EVERYONE_PERMISSIONS | (1n << 14n)).toString(), locale: 'en-US', guild_locale: 'en-US',
        entitlements: [], authorizing_integration_owners: { 0: guildId }, context: 0, attachment_size_limit: 10485760,
        ...(message ? { message: wire(message) } : {}),
      })
    })
  }

  function waitFor<T>(check: () => T | undefined | null | false, ms = 10_000): Promise<T> {
    return until(check, Boolean, ms, 20) as Promise<T>
  }

  return {
    apiUrl: `${base}/api`,
    gatewayUrl,
    token,
    applicationId,
    bot: { id: bot.id, username: bot.username },
    guildId,
    channelId,
    otherChannelId,
    user(username, extra = {}) {
      const user: FakeDiscordUser = { id: snowflake(), username, ...extra }
      users.set(user.id, user)
      return user
    },
    command(user, name, values = {}, subcommand) {
      const command = registered.find((entry) => entry.name === name)
      const declaredIn = subcommand ? command?.options?.find((option: any) => option.name === subcommand)?.options : command?.options
      const given = Object.entries(values).map(([key, value]) => {
        const declared = declaredIn?.find((option: any) => option.name === key)
        return { name: key, type: declared?.type ?? (typeof value === 'number' ? 4 : 3), value }
      })
      // A subcommand arrives as the one option (type 1) holding the others (interactions/application-commands#subcommands).
      const options = subcommand ? [{ name: subcommand, type: 1, options: given }] : given
      // A command run without options (`/join`) has no `options` (`options?` of the interaction data).
      return interact(user, 2, { id: command?.id ?? snowflake(), name, type: 1, guild_id: guildId, ...(options.length > 0 ? { options } : {}) })
    },
    holdReplies() {
      let release = () => {}
      repliesHeld = new Promise<void>((resolve) => { release = resolve })
      return () => {
        repliesHeld = null
        release()
      }
    },
    press(user, messageId, customId) {
      const message = messages.get(messageId)
      if (!message) throw new Error(`fake Discord: no message ${messageId}`)
      return interact(user, 3, { custom_id: customId, component_type: 2 }, message)
    },
    say(user, content, channel = channelId) {
      const message = toMessage(channel, { content }, userObject(user))
      // Without the Message Content intent, the content of messages that do not mention the bot arrives empty.
      dispatch('MESSAGE_CREATE', { ...wire(message), member: { ...member(user), user: undefined } }, INTENTS.GUILD_MESSAGES,
        (data, session) => ((session.intents & INTENTS.MESSAGE_CONTENT) !== 0 ? data : { ...data, content: '', embeds: [], attachments: [], components: [] }))
      return message.id
    },
    redeliverLast(type) {
      const last = lastDispatch.get(type)
      if (!last) throw new Error(`fake Discord: no ${type} sent yet`)
      dispatch(type, last.data, last.intent, last.shape)
    },
    messages,
    sent,
    commands: () => registered,
    requests,
    identifies,
    resumes,
    connections: () => connectionsOpen.size,
    get heartbeats() { return heartbeats },
    setMessageContent(on) { messageContent = on },
    reconnect() {
      for (const connection of connectionsOpen) send(connection, { op: 7, d: null, s: null, t: null })
    },
    invalidateSessions(resumable) {
      for (const connection of connectionsOpen) {
        if (!resumable && connection.session) sessions.delete(connection.session.id)
        send(connection, { op: 9, d: resumable, s: null, t: null })
      }
    },
    drop() {
      for (const connection of connectionsOpen) connection.socket.terminate()
    },
    waitFor,
    close: () => new Promise<void>((resolve) => {
      for (const entry of pending.values()) clearTimeout(entry.timer)
      for (const connection of connectionsOpen) connection.socket.terminate()
      gateway.close()
      http.close(() => resolve())
      http.closeAllConnections()
    }),
  }
}
