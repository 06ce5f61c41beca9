// The fields of the API's resources that the app reads (the wire shapes; the API sends more).
export interface Game {
  id: number
  pack_name: string
  title: string
  min_players: number
  max_players: number
  length_minutes: number | null
  family_friendly: number
  game_type: string | null
  secondary_type: string | null
  play_count: number
  upvotes: number
  downvotes: number
  enabled: number
  favor_bias: Favor
  ticker: string | null
  last_played_at: string | null
}

export type Favor = -1 | 0 | 1

export interface Pack {
  id: number
  name: string
  favor_bias: Favor
}

export interface PackMeta {
  name: string
  total_count: number
  enabled_count: number
}

export interface Session {
  id: number
  created_at: string
  closed_at: string | null
  is_active: number
  notes: string | null
  games_played: number
}

export type SessionGameStatus = 'playing' | 'played' | 'skipped'

export interface SessionGame {
  id: number
  session_id: number
  game_id: number
  status: SessionGameStatus
  room_code: string | null
  player_count: number | null
  player_count_check_status: string | null
  /** When it was added to the session. */
  played_at: string
  pack_name: string
  title: string
  max_players: number
  upvotes: number
  downvotes: number
  popularity_score: number
}

export interface PickRequest {
  playerCount?: number
  length?: string
  drawing?: string
  familyFriendly?: boolean
  audienceOverflow?: boolean
  packs?: string[]
  sessionId?: number
  explain?: boolean
  favorFresh?: boolean
  favorPopular?: boolean
}

export interface Odds {
  id: number
  title: string
  pack_name: string
  weight: number
  probability: number
}

export interface PickResult {
  game: Game
  poolSize: number
  totalEnabled: number
  odds?: Odds[]
}

export type RankedGame = Pick<Game, 'id' | 'title' | 'play_count' | 'upvotes' | 'downvotes'> & { popularity_score: number }

export interface Stats {
  games: { count: number }
  sessions: { count: number }
  totalGamesPlayed: { count: number }
  mostPlayedGames: RankedGame[]
  topRatedGames: RankedGame[]
}

export interface PollCandidate {
  number: number
  game: Game
  votes: number
}

export interface Poll {
  id: number
  status: 'open' | 'closed'
  candidates: PollCandidate[]
  total_votes: number
  created_at: string
  closes_at: string | null
  closed_at: string | null
  add_winner: boolean
  winner: { number: number; game: Game } | null
  session_game: SessionGame | null
}

/** `poll.voted`: the tally, never a voter. */
export interface PollTally {
  poll_id: number
  candidates: { number: number; votes: number }[]
  total_votes: number
}

export interface OpenPollRequest {
  pick: PickRequest & { count: number }
  durationSeconds?: number
  addWinner: boolean
}

export type ChatPlatform = 'twitch' | 'discord' | 'youtube'

/** One chat the server reads (GET /api/chat). */
export interface ChatEntry {
  platform: ChatPlatform
  channel: string
  state: 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'ended' | 'quota_exceeded'
  since: string
  counts: { up: number; down: number; poll: number; queue: number; ignored: number }
}

/** GET /api/chat/discord. */
export interface DiscordStatus {
  channel_id: string
  guild_id: string | null
  state: 'connecting' | 'connected' | 'reconnecting' | 'failed'
  since: string
  message_content: boolean | null
  counts: { up: number; down: number; poll: number; queue: number; ignored: number }
  error?: string
}

/** GET /api/chat/youtube: the list's fields for YouTube, with the quota. */
export interface YouTubeChatStatus {
  video: string
  state: ChatEntry['state']
  since: string
  interval_seconds: number
  quota_used: number
  quota_resets_at: string
  error: string | null
  counts: ChatEntry['counts']
}

/** GET /api/network: where phones reach the server. */
export interface NetworkInfo {
  host: string
  port: number
  urls: string[]
}

/** A followed Jackbox room: seen and not locked, locked (the game runs), gone, not reached yet. */
export type RoomState = 'lobby' | 'playing' | 'ended' | 'unknown'

/** The room view of a session game (GET /api/sessions/{sid}/games/{sgid}/room). */
export interface Room {
  room_code: string
  app_tag: string | null
  state: RoomState
  /** In join order; `connected` is false once the player's connection dropped. */
  players: { name: string; connected: boolean }[]
  max_players: number | null
  audience_enabled: boolean | null
  locked: boolean
  started_at: string | null
  ended_at: string | null
  updated_at: string
}

/** `room.updated` and `room.ended`. */
export interface RoomEvent {
  session_game_id: number
  room: Room
}

/** Where a viewer stands: in the line, seated for the playing game, seen in its room, or not seen before it locked. */
export type QueueEntryState = 'waiting' | 'seated' | 'joined' | 'no_show'

/** One viewer of the queue (GET /api/queue). */
export interface QueueEntry {
  id: number
  /** The chat identity (`discord:NAME`, …), or `host:NAME` for one added by hand. */
  user: string
  name: string
  /** The name to type into Jackbox. */
  seat_name: string
  state: QueueEntryState
  /** From 1 while waiting, else null. */
  position: number | null
  games_played: number
  joined_at: string
  /** The game it is seated for; null while waiting. */
  session_game_id: number | null
}

/** The active session's viewer queue: the waiting line by position, then the seats in seating order. */
export interface Queue {
  session_id: number
  open: boolean
  host_players: number
  entries: QueueEntry[]
  /** Players in the seated game's room that the host did not seat. */
  unseated: string[]
}

/** `queue.updated`: the whole queue, the latest state. */
export interface QueueEvent {
  session_id: number
  queue: Queue
}
