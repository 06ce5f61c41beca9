// What every command talks to: one interface, two implementations (local-backend.ts over the
// core on a database file, remote-backend.ts over the HTTP API). Inputs are the HTTP request
// bodies and results the HTTP response shapes, so both sides validate the same way.
import type {
  ChatImportResult, CsvImportPlan, CsvImportResult, ExportFormat, FavorBias, Game, GameFilter,
  LiveVoteResult, Pack, PackMeta, PickResult, Poll, Queue, QueueEntry, Room, Session, SessionGame, SessionGameStatus, Stats,
  Webhook, WebhookLog, ApiToken, AuditEntry, CreatedToken, ChatListEntry, VotePage,
} from '@game-picker/core'

export type Access = 'read' | 'write'
export type Body = Record<string, unknown>
export type Progress = (done: number, total: number) => void

export interface PickInput {
  playerCount?: number
  drawing?: GameFilter['drawing']
  length?: GameFilter['length']
  familyFriendly?: boolean
  sessionId?: number
  excludePlayed?: boolean
  /** Audience games also take more players than their maximum. */
  audienceOverflow?: boolean
  /** Only games of these packs (exact names). */
  packs?: string[]
  /** Candidates drawn without replacement (1-10), answered as `games`. */
  count?: number
  /** Adds `odds`: every game of the pool with its chance. */
  explain?: boolean
  /** Leaves out games played within this many days. */
  notPlayedWithinDays?: number
  /** Favors games not played for a while. */
  favorFresh?: boolean
  /** Favors games chat voted up. */
  favorPopular?: boolean
}

export interface PlayerCheckResult { message: string; status: string }
export interface ExportedFile { filename: string; body: string }

export interface Backend {
  readonly mode: 'local' | 'remote'
  games: {
    list(filter?: GameFilter): Promise<readonly Game[]>
    get(id: number): Promise<Game>
    create(body: Body): Promise<Game>
    update(id: number, body: Body): Promise<Game>
    remove(id: number): Promise<void>
    toggle(id: number): Promise<Game>
    setFavor(id: number, body: { favor_bias: FavorBias }): Promise<FavorBias>
  }
  packs: {
    list(): Promise<Pack[]>
    meta(): Promise<PackMeta[]>
    setFavor(name: string, body: { favor_bias: FavorBias }): Promise<FavorBias>
    /** Returns how many games the pack has. */
    setEnabled(name: string, body: { enabled: boolean }): Promise<number>
  }
  /** `seed` makes the pick repeatable; only the local backend can honour it. */
  pick(input: PickInput, seed?: string): Promise<PickResult>
  sessions: {
    /** Newest first; every session, or the newest `limit`. */
    list(limit?: number): Promise<Session[]>
    get(id: number): Promise<Session>
    active(): Promise<Session | null>
    start(body: { notes?: string }): Promise<Session>
    close(id: number, body: { notes?: string }): Promise<Session>
    remove(id: number): Promise<void>
    export(id: number, format: ExportFormat): Promise<ExportedFile>
    importChat(id: number, body: { chatData: unknown }, onProgress?: Progress): Promise<ChatImportResult>
  }
  sessionGames: {
    list(sessionId: number): Promise<SessionGame[]>
    add(sessionId: number, body: { game_id: number; manually_added?: boolean; room_code?: string }): Promise<SessionGame>
    setStatus(sessionId: number, id: number, body: { status: string }): Promise<SessionGameStatus>
    remove(sessionId: number, id: number): Promise<void>
    setRoomCode(sessionId: number, id: number, body: { room_code: string }): Promise<SessionGame>
    setPlayerCount(sessionId: number, id: number, body: { player_count: number }): Promise<number>
    /** The room monitor runs inside the server: remote only. */
    startPlayerCheck(sessionId: number, id: number): Promise<PlayerCheckResult>
    stopPlayerCheck(sessionId: number, id: number): Promise<PlayerCheckResult>
  }
  rooms: {
    /** Adds the game the room runs to the session and follows the room (or answers the playing game of that code). */
    follow(sessionId: number, body: { room_code: string }): Promise<SessionGame & { room: Room }>
    /** The session's games that have a followed room, with it. */
    list(sessionId: number): Promise<(SessionGame & { room: Room })[]>
  }
  votes: {
    live(body: { username: string; vote: string; timestamp: string }): Promise<LiveVoteResult>
    /** GET /api/votes: the query as strings, as a URL carries them. */
    list(query: Record<string, string | undefined>): Promise<VotePage>
  }
  polls: {
    open(body: Body): Promise<Poll>
    /** The open poll, or null. */
    current(): Promise<Poll | null>
    list(limit?: number): Promise<Poll[]>
    close(id: number): Promise<Poll>
    /** A chat vote by `username` on the open poll. */
    voteByUsername(username: string, choice: number): Promise<Poll>
  }
  /** The active session's viewer queue (GET /api/queue and its changes). */
  queue: {
    get(): Promise<Queue>
    open(body: { host_players?: number }): Promise<Queue>
    close(): Promise<Queue>
    add(body: { name: string }): Promise<QueueEntry>
    remove(id: number): Promise<QueueEntry>
    seat(body: { count?: number }): Promise<Queue>
  }
  catalogue: {
    exportCsv(): Promise<ExportedFile>
    /** What an import would do (for the replace confirmation); changes nothing. */
    planCsv(body: { csvData: string; mode: string }): Promise<CsvImportPlan>
    importCsv(body: { csvData: string; mode: string }): Promise<CsvImportResult>
  }
  stats(): Promise<Stats>
  webhooks: {
    list(): Promise<Webhook[]>
    get(id: number): Promise<Webhook>
    create(body: Body): Promise<Webhook>
    update(id: number, body: Body): Promise<Webhook>
    remove(id: number): Promise<void>
    test(id: number): Promise<void>
    logs(id: number, limit?: number): Promise<WebhookLog[]>
  }
  tokens: {
    create(body: Body): Promise<CreatedToken>
    list(): Promise<ApiToken[]>
    revoke(id: number): Promise<void>
  }
  audit(limit?: number): Promise<AuditEntry[]>
  /** The chat connectors, one per platform: stored in the database, read by a running server. */
  chat: {
    start(platform: string, body: Body): Promise<unknown>
    list(): Promise<ChatListEntry[]>
    /** One platform's own status (GET /api/chat/{platform}: YouTube's carries the quota used). */
    status(platform: string): Promise<Record<string, unknown>>
    stop(platform: string): Promise<unknown>
  }
  close(): Promise<void>
}
