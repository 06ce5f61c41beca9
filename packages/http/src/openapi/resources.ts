// The API's resources, defined once and referenced everywhere by `$ref`.
import {
  arrayOf, boolean, dateTime, favorBias, flag, integer, nullable, object, ref, type Schema, string,
} from './schema.ts'

const gameFields = {
  pack_name: string(),
  title: string(),
  min_players: integer(undefined, { minimum: 1 }),
  max_players: integer(undefined, { minimum: 1 }),
  length_minutes: nullable(integer('Minutes; null when unknown', { minimum: 1 })),
  has_audience: flag('1 when people beyond max_players can join as the audience'),
  family_friendly: flag(),
  game_type: nullable(string('e.g. "Drawing", "Trivia"')),
  secondary_type: nullable(string()),
}

const appTag = string('A Jackbox app tag: the game a room runs, as the room service names it (e.g. "quiplash3")',
  { pattern: '^[a-z0-9-]{2,40}$' })

const counters = {
  popularity_score: integer('upvotes - downvotes'),
  upvotes: integer(),
  downvotes: integer(),
}

const Game = object({
  id: integer(),
  ...gameFields,
  play_count: integer('Session-game rows of this game that are not skipped'),
  ...counters,
  enabled: flag('Only enabled games are picked'),
  favor_bias: favorBias,
  created_at: dateTime(),
  ticker: nullable(string('2 to 8 upper-case letters or digits, unique; chat votes for the game with `TICKER++` / `TICKER--`',
    { pattern: '^[A-Z0-9]{2,8}$' })),
  last_played_at: nullable(dateTime('played_at of its newest session game that is not skipped; null when never played')),
  app_tags: arrayOf(appTag),
}, undefined, { description: 'A game of the catalogue. Flags are the integers 0 or 1.' })

const Vote = object({
  id: integer(),
  session_id: integer(),
  game_id: integer(),
  session_game_id: nullable(integer('The session game it counted for; null for a ticker vote')),
  username: string(),
  type: string(undefined, { enum: ['up', 'down'] }),
  timestamp: dateTime('The vote\'s own time'),
}, undefined, { description: 'A recorded vote' })

const Pack = object({ id: integer(), name: string(), favor_bias: favorBias, created_at: dateTime() })

const PackMeta = object({
  name: string(),
  total_count: integer('Games in the pack'),
  enabled_count: integer('Enabled games in the pack'),
  total_plays: integer('Sum of the play counts of its games'),
})

const Session = object({
  id: integer(),
  created_at: dateTime(),
  closed_at: nullable(dateTime()),
  is_active: flag('1 while active; at most one session is active'),
  notes: nullable(string()),
  games_played: integer('Games added to the session, whatever their status'),
})

const sessionGameFields = {
  id: integer('The session-game row id (not the game id)'),
  session_id: integer(),
  game_id: integer(),
  played_at: dateTime('When the game was added to the session'),
  manually_added: flag(),
  status: string(undefined, { enum: ['playing', 'played', 'skipped'] }),
  room_code: nullable(string('Four characters, A-Z or 0-9', { pattern: '^[A-Z0-9]{4}$' })),
  player_count: nullable(integer(undefined, { minimum: 0 })),
  player_count_check_status: nullable(string('The room monitor: null when never checked',
    { enum: ['monitoring', 'completed', 'failed', 'stopped'] })),
  pack_name: string(),
  title: string(),
  game_type: nullable(string()),
  min_players: integer(),
  max_players: integer(),
  ...counters,
}
const SessionGame = object(sessionGameFields, undefined, { description: 'A game within a session, with fields copied from the game.' })

const Room = object({
  room_code: string('Four characters, A-Z or 0-9', { pattern: '^[A-Z0-9]{4}$' }),
  app_tag: nullable(string('The game the room runs, as the room service names it')),
  state: string('"lobby": seen and not locked; "playing": locked (the game started); "ended": the room is gone; '
    + '"unknown": not reached yet', { enum: ['lobby', 'playing', 'ended', 'unknown'] }),
  players: arrayOf(object({
    name: string(),
    connected: boolean('False after the player\'s connection dropped (the room keeps their slot)'),
  }), 'The players, in join order (never the host, the audience or moderators)'),
  max_players: nullable(integer('The room\'s player slots, when the room service says')),
  audience_enabled: nullable(boolean()),
  locked: boolean(),
  started_at: nullable(dateTime('When the room was seen locked')),
  ended_at: nullable(dateTime('When the room was seen gone')),
  updated_at: dateTime('When the roster, state or lock last changed'),
}, undefined, { description: 'A Jackbox room followed for a session game.' })

const SessionGameWithRoom = object({ ...sessionGameFields, room: ref('Room') }, undefined,
  { description: 'A session game with the room followed for it' })

const webhook = {
  id: integer(),
  name: string(),
  url: string(undefined, { format: 'uri' }),
  events: arrayOf({ $ref: '#/components/schemas/EventType' }),
  enabled: boolean(),
  created_at: dateTime(),
}
const Webhook = object(webhook, undefined, { description: 'A callback URL subscribed to event types. Its secret is never returned.' })
const SavedWebhook = object({ ...webhook, message: string() }, undefined, { description: 'A webhook and a confirmation message' })

const WebhookLog = object({
  id: integer(),
  webhook_id: integer(),
  event_type: { $ref: '#/components/schemas/EventType' },
  payload: { type: 'object', description: 'The event data (the `data` of the body that was sent)' },
  response_status: nullable(integer('null when there was no response')),
  error_message: nullable(string('null on a 2xx; otherwise `HTTP <status>`, `timeout after N ms` or `network error: ...`')),
  created_at: dateTime(),
}, undefined, { description: 'One delivery attempt.' })

const GameSummary = object({
  id: integer(), title: string(), pack_name: string(), play_count: integer(), ...counters,
})

const count = object({ count: integer() })
const Stats = object({
  games: count,
  gamesEnabled: count,
  packs: count,
  sessions: count,
  activeSessions: count,
  totalGamesPlayed: object({ count: integer('Session-game rows that are not skipped') }),
  mostPlayedGames: arrayOf(GameSummary, 'Up to 10 games played at least once, by play_count, then title'),
  topRatedGames: arrayOf(GameSummary, 'Up to 10 games with a vote, by popularity_score, upvotes, then title'),
})

const Scope = string('What a token may do: `catalogue` game and pack writes and CSV; `sessions` sessions, their games, '
  + 'the room monitor and chat import; `votes` live votes and voters\' names on the event stream; `webhooks` webhooks and '
  + 'their logs; `admin` everything, tokens and the audit log included',
{ enum: ['admin', 'catalogue', 'sessions', 'votes', 'webhooks'] })

const tokenFields = {
  id: integer(),
  name: string(),
  scopes: arrayOf({ $ref: '#/components/schemas/Scope' }),
  created_at: dateTime(),
  expires_at: nullable(dateTime('After this moment the token is refused; null: never')),
  last_used_at: nullable(dateTime('When it last authenticated a request, to the minute (written at most once a minute)')),
}
const ApiToken = object(tokenFields, undefined, { description: 'An API token, without the token itself (shown once, when created)' })
const CreatedApiToken = object({ ...tokenFields, token: string('The token, starting with gp_; shown in this answer only') },
  ['id', 'name', 'scopes', 'token', 'created_at', 'expires_at', 'last_used_at'])

const AuditEntry = object({
  id: integer(),
  at: dateTime(),
  actor: string('"admin" (a login token), "token:NAME" (an API token) or "anonymous" (a failed login)'),
  method: string(),
  path: string('The path, without the query string'),
  status: integer('The answer\'s status'),
}, undefined, { description: 'An authenticated request that may change something, or a failed login' })

const chatCount = (what: string) => integer(what, { minimum: 0 })
const chatCounts = object({
  up: chatCount('thisgame++ recorded as live votes'),
  down: chatCount('thisgame-- recorded as live votes'),
  poll: chatCount('Candidate numbers recorded as poll votes'),
  queue: chatCount('`!join` and `!leave` (and Discord\'s `/join` and `/leave`) that changed the viewer queue'),
  ignored: chatCount('Every other message, and votes that were refused (no game playing, within 1 s of the sender\'s last, no open poll)'),
})
const chatState = string('connected: reading; connecting: the first attempt; reconnecting: dropped (or its server died) and trying again; '
  + 'failed: the platform refused the credentials (not retried); ended: the stream\'s chat ended; quota_exceeded: waiting for the platform\'s daily quota',
{ enum: ['connecting', 'connected', 'reconnecting', 'failed', 'ended', 'quota_exceeded'] })
const ChatConnectorStatus = object({
  channel: string('The channel read, lower case'),
  state: chatState,
  since: dateTime('When reading this channel was started'),
  counts: chatCounts,
}, undefined, { description: 'The Twitch chat connector. Each message is counted once, by its own id, whichever server read it.' })
const DiscordStatus = object({
  channel_id: string('The Discord channel the bot is in'),
  guild_id: nullable(string('The channel\'s server; null until the bot first connected')),
  state: chatState,
  since: dateTime('When the bot was connected to this channel'),
  message_content: nullable(boolean('Whether Discord granted the Message Content intent (messages vote); null until the bot first connected')),
  counts: object({
    up: chatCount('/vote up and thisgame++ recorded as live votes'),
    down: chatCount('/vote down and thisgame-- recorded as live votes'),
    poll: chatCount('Button presses and candidate numbers recorded as poll votes'),
    queue: chatCount('/join, /leave, !join and !leave that changed the viewer queue'),
    ignored: chatCount('Every other message and command, votes that were refused, and joins or leaves that changed nothing'),
  }),
  error: string('Why the bot stopped for good (state failed), e.g. "Discord refused the bot token"'),
}, ['channel_id', 'guild_id', 'state', 'since', 'message_content', 'counts'], {
  description: 'The Discord bot. Each interaction, button press and message is counted once, by its Discord id, whichever server runs the bot.',
})
const YouTubeChatStatus = object({
  video: string('The video whose live chat is read (its 11-character id)'),
  state: chatState,
  since: dateTime('When reading this video\'s chat was started'),
  interval_seconds: integer('Least time between two reads of the chat', { minimum: 5, maximum: 60 }),
  quota_used: integer('Quota units this reading used today (days start at midnight Pacific time): 1 to find the chat, 5 a read', { minimum: 0 }),
  quota_resets_at: dateTime('The next midnight Pacific time, when the key\'s daily quota (10,000 units by default) starts again'),
  error: nullable(string('Why reading failed for good (state failed), e.g. "YouTube refused the API key"')),
  counts: chatCounts,
}, undefined, { description: 'The YouTube chat connector (the API key is never shown). Each message is counted once, by its own id, whichever server read it.' })
const ChatListEntry = object({
  platform: string('The platform', { enum: ['twitch', 'discord', 'youtube'] }),
  channel: string('What is read: the Twitch channel, the Discord channel id, the YouTube video id'),
  state: chatState,
  since: dateTime('When reading was started'),
  counts: chatCounts,
}, undefined, { description: 'One chat read by the server, whatever its platform' })

const Backup = object({
  file: string('The name, game-picker-YYYYMMDDTHHMMSSZ.sqlite (UTC), without its folder'),
  size: integer('Bytes'),
  created_at: dateTime('When it was started, UTC (the copy holds every write acknowledged before then)'),
}, undefined, { description: 'A complete, checked backup: an ordinary database file (`serve --db FILE` serves it).' })

export const resourceSchemas: Record<string, Schema> = {
  ChatConnectorStatus, ChatListEntry, DiscordStatus, YouTubeChatStatus, Backup,
  Game, Vote, Pack, PackMeta, Session, SessionGame, Room, SessionGameWithRoom, Webhook, SavedWebhook, WebhookLog, Stats, Scope, ApiToken,
  CreatedApiToken,
  AuditEntry,
}
