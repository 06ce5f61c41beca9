// Entity shapes exactly as the API returns them (docs/api.md, "Resources").
// Flags are the integers 0/1 in responses; booleans only appear in inputs.

export type Flag = 0 | 1
export type FavorBias = -1 | 0 | 1
export type SessionGameStatus = 'playing' | 'played' | 'skipped'
export type PlayerCheckStatus = 'monitoring' | 'completed' | 'failed' | 'stopped'
export type VoteType = 'up' | 'down'

export interface Game extends GameFields {
  id: number
  play_count: number
  popularity_score: number
  upvotes: number
  downvotes: number
  enabled: Flag
  favor_bias: FavorBias
  created_at: string
  /** 2 to 8 upper-case letters or digits, unique; chat votes with `TICKER++`. */
  ticker: string | null
  /** The played_at of its newest session game that was not skipped; kept by the store. */
  last_played_at: string | null
  /** The Jackbox app tags of the game (see app-tags.ts); [] when none is known. */
  app_tags: string[]
}

export interface Pack {
  id: number
  name: string
  favor_bias: FavorBias
  created_at: string
}

export interface PackMeta {
  name: string
  total_count: number
  enabled_count: number
  total_plays: number
}

export interface Session {
  id: number
  created_at: string
  closed_at: string | null
  is_active: Flag
  notes: string | null
  games_played: number
}

export interface SessionGame {
  id: number
  session_id: number
  game_id: number
  played_at: string
  manually_added: Flag
  status: SessionGameStatus
  room_code: string | null
  player_count: number | null
  player_count_check_status: PlayerCheckStatus | null
  pack_name: string
  title: string
  game_type: string | null
  min_players: number
  max_players: number
  popularity_score: number
  upvotes: number
  downvotes: number
}

/** Where a followed Jackbox room stands: seen and not locked, locked (the game runs), gone, not reached yet. */
export type RoomState = 'lobby' | 'playing' | 'ended' | 'unknown'

export interface RoomPlayer {
  name: string
  /** False after the player's connection dropped (ecast keeps their slot). */
  connected: boolean
}

/** The room view of a session game (GET /api/sessions/{sid}/games/{sgid}/room). */
export interface Room {
  room_code: string
  app_tag: string | null
  state: RoomState
  /** The players in join order. */
  players: RoomPlayer[]
  max_players: number | null
  audience_enabled: boolean | null
  locked: boolean
  /** When the room was seen locked (the game started). */
  started_at: string | null
  /** When the room was seen gone. */
  ended_at: string | null
  updated_at: string
}

export interface Vote {
  id: number
  session_id: number
  /** null for a ticker vote: it names its game, not the one playing. */
  session_game_id: number | null
  game_id: number
  username: string
  type: VoteType
  timestamp: string
}

/** One game's votes within a session (GET /api/sessions/{id}/votes). */
export interface SessionVoteTally {
  game_id: number
  title: string
  pack_name: string
  upvotes: number
  downvotes: number
  net: number
}

export interface ChatMessage {
  id: number
  session_id: number
  username: string
  message: string
  timestamp: string
  vote_type: VoteType | null
  session_game_id: number | null
}

export interface Webhook {
  id: number
  name: string
  url: string
  events: string[]
  enabled: boolean
  created_at: string
}

export interface WebhookLog {
  id: number
  webhook_id: number
  event_type: string
  payload: unknown
  response_status: number | null
  error_message: string | null
  created_at: string
}

/** Descriptive fields of a game: what a POST, PUT or CSV row sets. */
export interface GameFields {
  pack_name: string
  title: string
  min_players: number
  max_players: number
  length_minutes: number | null
  has_audience: Flag
  family_friendly: Flag
  game_type: string | null
  secondary_type: string | null
}

export type DrawingFilter = 'only' | 'exclude'
export type LengthFilter = 'short' | 'medium' | 'long'

/** Shared by the list filters and the picker. */
export interface GameFilter {
  playerCount?: number
  drawing?: DrawingFilter
  length?: LengthFilter
  familyFriendly?: boolean
  enabled?: boolean
  pack?: string
}

export type PollStatus = 'open' | 'closed'

/** One candidate of a poll: its number (from 1), the game and its votes so far (final once closed). */
export interface PollCandidate {
  number: number
  game: Game
  votes: number
}

export interface Poll {
  id: number
  status: PollStatus
  candidates: PollCandidate[]
  total_votes: number
  created_at: string
  closes_at: string | null
  closed_at: string | null
  add_winner: boolean
  winner: { number: number; game: Game } | null
  /** The session game the winner became (addWinner with an active session at closing). */
  session_game: SessionGame | null
}

/** What `poll.voted` carries: the tally, never a voter. */
export interface PollTally {
  poll_id: number
  candidates: { number: number; votes: number }[]
  total_votes: number
}

/**
 * Where a chat connector stands: reading, about to, or waiting to try again; `failed` (the
 * platform refused the credentials), `ended` (the stream's chat ended) and `quota_exceeded`
 * (waiting for the platform's daily quota) are the states some platforms add.
 */
export type ChatConnectorState = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'ended' | 'quota_exceeded'

/** What the connector did with the chat messages it read since it started (`queue`: joins and leaves applied). */
export interface ChatCounts { up: number; down: number; poll: number; queue: number; ignored: number }

/** GET /api/chat/twitch. */
export interface ChatConnectorStatus {
  channel: string
  state: ChatConnectorState
  /** When reading this channel was started. */
  since: string
  counts: ChatCounts
}

/** One connected chat in GET /api/chat: every platform alike. */
export interface ChatListEntry extends ChatConnectorStatus {
  platform: string
}

/** What an API token may do (see api-tokens.ts); `admin` holds every other scope as well. */
export type Scope = 'admin' | 'catalogue' | 'sessions' | 'votes' | 'webhooks'

/** An API token as the API shows it: never the token itself, which is shown once at creation. */
export interface ApiToken {
  id: number
  name: string
  scopes: Scope[]
  created_at: string
  expires_at: string | null
  last_used_at: string | null
}

/** One audit log row: who changed something (or failed to log in), where, and the answer's status. */
export interface AuditEntry {
  id: number
  at: string
  /** "admin" (a login token), "token:NAME" (an API token) or "anonymous" (a failed login). */
  actor: string
  method: string
  path: string
  status: number
}

/** Where a viewer stands in the queue: in the line, seated for a game, seen in its room, or never came. */
export type QueueEntryState = 'waiting' | 'seated' | 'joined' | 'no_show'

/** One viewer in the queue (GET /api/queue's `entries`). */
export interface QueueEntry {
  id: number
  /** The voter identity (a Twitch login, `discord:NAME`, `youtube:CHANNEL_ID`), or `host:NAME` when added by hand. */
  user: string
  /** The display name. */
  name: string
  /** What to type into the game: letters and digits of `name`, upper-cased, at most 12. */
  seat_name: string
  state: QueueEntryState
  /** From 1, in fair order, for waiting entries; null for the others. */
  position: number | null
  /** Games of this session the entry sat in. */
  games_played: number
  /** When it last entered the waiting line. */
  joined_at: string
  /** The game it is seated for; null while waiting (or seated before any game is playing). */
  session_game_id: number | null
}

/** GET /api/queue: the active session's viewer queue. */
export interface Queue {
  session_id: number
  open: boolean
  host_players: number
  entries: QueueEntry[]
  /** Players in the seated game's room that nobody seated. */
  unseated: string[]
}
