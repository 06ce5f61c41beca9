// The port the core depends on. Row-level, intention-named methods; no SQL leaks out of an
// implementation. Absence is `null`; turning it into NOT_FOUND is the domain's decision.
// Every method is asynchronous so a networked store (PostgreSQL) can implement it as is.
import type {
  ApiToken, AuditEntry, ChatConnectorState, ChatCounts, ChatMessage, FavorBias, Flag, Game, GameFields, Pack,
  PlayerCheckStatus, PollStatus, QueueEntry, RoomPlayer, RoomState, Session, SessionVoteTally,
  SessionGame, SessionGameStatus, Vote, VoteType, Webhook, WebhookLog,
} from '../common/types.ts'

export interface NewGame extends GameFields {
  enabled: Flag
  favor_bias: FavorBias
  created_at: string
  ticker: string | null
  app_tags: string[]
}
export type GamePatch = Partial<GameFields & { enabled: Flag; favor_bias: FavorBias; ticker: string | null; app_tags: string[] }>

export type NewSessionGame = Pick<
  SessionGame, 'session_id' | 'game_id' | 'played_at' | 'manually_added' | 'status' | 'room_code'
>
export type SessionGamePatch = Partial<{
  status: SessionGameStatus
  room_code: string | null
  player_count: number | null
  player_count_check_status: PlayerCheckStatus | null
}>

/** A session game as votes are matched to it. */
export type TimelineEntry = Pick<SessionGame, 'id' | 'game_id' | 'played_at' | 'title'>

export type NewVote = Omit<Vote, 'id'>
/** GET /api/votes' filters; null: any. */
export interface VoteFilter {
  sessionId: number | null
  gameId: number | null
  username: string | null
  type: VoteType | null
}
export type NewChatMessage = Omit<ChatMessage, 'id'>

/** A webhook as stored: the secret is here and nowhere in the API's Webhook. */
export interface WebhookRecord extends Webhook {
  secret: string
}
export type NewWebhook = Omit<WebhookRecord, 'id'>
export type WebhookPatch = Partial<Omit<NewWebhook, 'created_at'>>
export type NewWebhookLog = Omit<WebhookLog, 'id'>

export interface Delivery {
  id: number
  delivery_id: string
  webhook_id: number
  event_type: string
  payload: unknown
  timestamp: string
  attempts: number
  next_attempt_at: string | null
}
export type NewDelivery = Omit<Delivery, 'id' | 'attempts'>

/** One entry of the event log; `body` is the JSON text `{ event, timestamp, data }` webhooks receive. */
export interface StoredEvent {
  id: number
  type: string
  body: string
  created_at: string
}
export type NewEvent = Omit<StoredEvent, 'id'>

/**
 * Logs kept for a bounded time and pruned by age alone (the event log has its own rule, see
 * pruneEvents). Each has a `created_at` column with an index. The audit log joins here.
 */
export type PrunedLog = 'webhook_logs' | 'audit_log' | 'chat_seen_messages'

/** A chat connector's row, one per platform: the channel, its state and counts, and its lease. */
export interface ChatConnectorRecord extends ChatCounts {
  platform: string
  channel: string
  state: ChatConnectorState
  since: string
  /** The server reading the channel, until when. */
  owner: string | null
  lease_until: string | null
  /** The platform's own settings and reading state (JSON object). */
  settings: Record<string, unknown>
  /** A bot token or API key; never leaves the core. */
  secret: string | null
}

/** What the lease holder changes on its row. */
export interface ChatConnectorChange { state?: ChatConnectorState; settings?: Record<string, unknown>; counts?: ChatCounts }

/** What a new connector row holds. */
export type NewChatConnector = Pick<ChatConnectorRecord, 'platform' | 'channel' | 'state' | 'since' | 'settings' | 'secret'>

/** An API token as stored: only the SHA-256 of the token, never the token. */
export interface ApiTokenRecord extends ApiToken {
  token_hash: string
}
export type NewApiToken = Omit<ApiTokenRecord, 'id' | 'last_used_at'>
export type NewAuditEntry = Omit<AuditEntry, 'id'>

/** A poll as stored; the API's Poll is assembled from it, its candidates and their games. */
export interface PollRecord {
  id: number
  status: PollStatus
  created_at: string
  closes_at: string | null
  closed_at: string | null
  add_winner: Flag
  winner_number: number | null
  session_game_id: number | null
}
export type NewPoll = Pick<PollRecord, 'created_at' | 'closes_at' | 'add_winner'>

/** `votes`: the candidate's votes so far, kept by the store as votes arrive and move. */
export interface PollCandidateRecord {
  poll_id: number
  number: number
  game_id: number
  votes: number
}

/** A phone (`voter`, made up by the client, with its address) or a chat `username`. */
export type PollVoterKind = 'phone' | 'chat'
export interface NewPollVote {
  poll_id: number
  voter_kind: PollVoterKind
  voter: string
  choice: number
  /** The client's address (phones only; the per-address limit counts it). */
  address: string | null
  voted_at: string
}

/** Who watches a session game's room (a server instance), until when. */
export interface MonitorLease {
  session_game_id: number
  owner: string
  lease_until: string
}

/**
 * A session game's followed room as stored (players as JSON text in both stores). `following`:
 * a server should be watching it (until `follow_until`); the monitor lease says which one.
 */
export interface RoomRecord {
  session_game_id: number
  room_code: string
  app_tag: string | null
  state: RoomState
  /** In join order; `id` is the room service's client id, kept so a later `here` is matched to it. */
  players: (RoomPlayer & { id: number })[]
  max_players: number | null
  audience_enabled: Flag | null
  locked: Flag
  started_at: string | null
  ended_at: string | null
  updated_at: string
  following: Flag
  follow_until: string
}

/** A followed room leased to a server by claimMonitors. */
export interface ClaimedRoom {
  id: number
  room_code: string
  player_count_check_status: PlayerCheckStatus | null
  follow_until: string
}

/** What another process sharing the store committed: events, webhook deliveries, monitor state,
 * a poll opened, the chat connector's setting. `queue` is only ever this process's own: a queue
 * change whose `queue.updated` waits for its turn (queue/queue-events.ts). */
export type ChangeTopic = 'events' | 'deliveries' | 'monitors' | 'polls' | 'chat' | 'queue'

/** A session's viewer queue as stored (no row: closed, empty, one host player). */
export interface QueueRecord {
  session_id: number
  open: Flag
  host_players: number
  /** When `queue.updated` was last emitted (at most one a second); null: never. */
  event_at: string | null
  /** A change waits for the next `queue.updated`. */
  event_pending: Flag
}

/** A queue entry as stored; `position` is not stored but follows from the fair order. */
export interface QueueEntryRecord extends Omit<QueueEntry, 'position'> {
  session_id: number
  /** The order of seating (null while waiting). */
  seat_order: number | null
}

export type QueueEntryPatch = Partial<Pick<QueueEntryRecord, 'state' | 'games_played' | 'joined_at' | 'session_game_id' | 'seat_order'>>

/** The polls' reads (a part of StoreReads). */
export interface PollReads {
  getPoll(id: number): Promise<PollRecord | null>
  /** The one open poll (a unique index keeps it one). */
  getOpenPoll(): Promise<PollRecord | null>
  /** Newest first. */
  listPolls(limit: number): Promise<PollRecord[]>
  /** The candidates of these polls, by poll, then number. */
  listPollCandidates(pollIds: readonly number[]): Promise<PollCandidateRecord[]>
  /** Each candidate's votes, by number (the candidates' counts alone, for a vote's answer). */
  tallyPollVotes(pollId: number): Promise<{ number: number; votes: number }[]>
  /** Phone voters of the poll from `address`, and whether `voter` is one of them. */
  countAddressVoters(pollId: number, address: string, voter: string): Promise<{ voters: number; known: boolean }>
}

export interface StoreReads extends PollReads {
  /**
   * All games, ordered by pack_name then title. Callers must not mutate the result. A store may
   * hand out the same array again while the catalogue is unchanged; the core keeps work (pick
   * pools, filtered lists, stats) per array, so once a write committed anywhere (another
   * process included) the next call must return a new array. Fresh arrays every time are fine.
   */
  listGames(): Promise<readonly Game[]>
  getGame(id: number): Promise<Game | null>
  findGame(packName: string, title: string): Promise<Game | null>
  /** The game with this (upper-case) ticker. */
  findGameByTicker(ticker: string): Promise<Game | null>
  /** Ordered by name. Callers must not mutate the result; the same reuse rule as listGames. */
  listPacks(): Promise<readonly Pack[]>
  getPack(name: string): Promise<Pack | null>

  /**
   * Newest first (created_at, then id), with games_played: every session, or a page of at most
   * `limit` after the session `beforeId` in that order.
   */
  listSessions(page?: { limit: number; beforeId: number | null }): Promise<Session[]>
  countSessions(): Promise<{ total: number; active: number }>
  getSession(id: number): Promise<Session | null>
  getActiveSession(): Promise<Session | null>
  /** Ordered by played_at, then id. */
  listSessionGames(sessionId: number): Promise<SessionGame[]>
  /** The session's games for vote matching, ordered by played_at, then id. Callers must not mutate it. */
  listSessionTimeline(sessionId: number): Promise<readonly TimelineEntry[]>
  getSessionGame(id: number): Promise<SessionGame | null>
  listSessionGamesByCheckStatus(status: PlayerCheckStatus): Promise<SessionGame[]>

  /** The vote of `username` in the session whose timestamp is nearest to `timestamp`, within [from, to]. */
  findNearestVote(sessionId: number, username: string, from: string, to: string): Promise<Vote | null>
  listVotes(sessionId: number): Promise<Vote[]>
  /**
   * Votes matching the filter with an id below `beforeId` (null: from the newest), newest first
   * (by id), at most `limit`. Through indexes: the cost of a page must not grow with the votes stored.
   */
  listVoteHistory(filter: VoteFilter, beforeId: number | null, limit: number): Promise<Vote[]>
  /** The session's votes per game, by net (upvotes - downvotes) desc, upvotes desc, then title. */
  tallySessionVotes(sessionId: number): Promise<SessionVoteTally[]>
  listChatMessages(sessionId: number): Promise<ChatMessage[]>

  /** Callers must not mutate the result. */
  listWebhooks(): Promise<readonly WebhookRecord[]>
  getWebhook(id: number): Promise<WebhookRecord | null>
  /** Newest first. */
  listWebhookLogs(webhookId: number, limit: number): Promise<WebhookLog[]>
  /** The earliest time an unfinished delivery can be claimed (its next attempt, or its lease's end). */
  nextDeliveryDueAt(): Promise<string | null>

  /** Events with an id above `afterId`, ascending. */
  listEventsAfter(afterId: number, limit: number): Promise<StoredEvent[]>
  /** The newest event's id; 0 when there has been none. */
  lastEventId(): Promise<number>

  getMonitorLease(sessionGameId: number): Promise<MonitorLease | null>
  getRoom(sessionGameId: number): Promise<RoomRecord | null>
  /** The session's rooms, by session game id. */
  listSessionRooms(sessionId: number): Promise<RoomRecord[]>
  countLoginFailures(address: string, since: string): Promise<number>

  getSetting(key: string): Promise<string | null>

  /** Newest first, without the hashes. */
  listApiTokens(): Promise<ApiToken[]>
  /**
   * The token whose hash this is, or null. Every authenticated request asks: a store may answer
   * from a cache, as long as a revoke committed anywhere (another process included) is seen by
   * the next call.
   */
  findApiToken(tokenHash: string): Promise<ApiTokenRecord | null>
  /** Newest first: at most `limit` entries with an id below `beforeId` (null: from the newest). */
  listAuditEntries(limit: number, beforeId: number | null): Promise<AuditEntry[]>

  getQueue(sessionId: number): Promise<QueueRecord | null>
  /** The session's queue entries by id. */
  listQueueEntries(sessionId: number): Promise<QueueEntryRecord[]>
  getChatConnector(platform: string): Promise<ChatConnectorRecord | null>
  /** Every platform's row, by platform. */
  listChatConnectors(): Promise<ChatConnectorRecord[]>
}

/** The polls' writes (a part of StoreTx). */
export interface PollWrites {
  /** The poll and its candidates (numbered from 1 in the given order). A second open poll breaks a unique index. */
  insertPoll(poll: NewPoll, gameIds: readonly number[]): Promise<PollRecord>
  /**
   * Records the vote, or moves the voter's earlier one (one row per poll, kind and voter), only
   * while the poll is open and `voted_at` is before its `closes_at`, counting it in its
   * candidate's votes; returns whether it did. So a closed poll's counts hold exactly the votes
   * before its closing time. On a shared store the vote holds the poll row so a closing waits
   * for it (and then counts it).
   */
  recordPollVote(vote: NewPollVote): Promise<boolean>
  /** Marks an open poll closed; false (changing nothing) when it was not open: one closing wins. */
  closePoll(id: number, closedAt: string): Promise<boolean>
  /** A closed poll's winner and the session game the winner became. */
  setPollResult(id: number, result: { winnerNumber: number | null; sessionGameId: number | null }): Promise<void>
}

export interface StoreTx extends StoreReads, PollWrites {
  insertGame(game: NewGame): Promise<Game>
  updateGame(id: number, patch: GamePatch): Promise<void>
  deleteGame(id: number): Promise<void>
  /** Sets `enabled` on every game of the pack; returns how many games the pack has. */
  setPackEnabled(packName: string, enabled: Flag): Promise<number>
  /** Creates the pack row if it does not exist yet. */
  ensurePack(name: string, createdAt: string): Promise<void>
  setPackFavor(name: string, favorBias: FavorBias): Promise<void>

  insertSession(session: { created_at: string; notes: string | null }): Promise<Session>
  closeSession(id: number, closedAt: string, notes: string | null): Promise<void>
  deleteSession(id: number): Promise<void>
  insertSessionGame(row: NewSessionGame): Promise<SessionGame>
  updateSessionGame(id: number, patch: SessionGamePatch): Promise<void>
  /** Turns the session's `playing` rows other than `exceptId` into `played`; returns their ids. */
  finishPlaying(sessionId: number, exceptId?: number): Promise<number[]>
  deleteSessionGame(id: number): Promise<void>

  insertVote(vote: NewVote): Promise<void>
  /** Many at once (chat imports). */
  insertVotes(votes: readonly NewVote[]): Promise<void>
  /** Many at once; a message whose session, username, timestamp and text are stored already is skipped. */
  insertChatMessages(messages: readonly NewChatMessage[]): Promise<void>

  insertWebhook(webhook: NewWebhook): Promise<WebhookRecord>
  updateWebhook(id: number, patch: WebhookPatch): Promise<void>
  deleteWebhook(id: number): Promise<void>
  insertWebhookLog(log: NewWebhookLog): Promise<void>
  insertDelivery(delivery: NewDelivery): Promise<void>
  /**
   * Leases up to `limit` deliveries due at `now` and not leased to anyone (or whose lease ended)
   * to `owner` until `leaseUntil`, oldest first: each attempt is made by one server.
   */
  claimDueDeliveries(owner: string, now: string, leaseUntil: string, limit: number): Promise<Delivery[]>
  /**
   * Counts one more attempt and ends the lease; `nextAttemptAt` null: the delivery is finished
   * and its row is deleted (its log rows are the record; a busy server would keep them forever).
   */
  updateDelivery(id: number, nextAttemptAt: string | null): Promise<void>

  /** Appends to the event log; ids increase in commit order across the whole database. */
  insertEvent(event: NewEvent): Promise<number>
  /**
   * Deletes at most `limit` of the oldest events created before `before`, never one of the newest
   * `keep`; records the highest deleted id in the setting `events_pruned_through`. Returns how
   * many were deleted. Finding them must not read the whole log (an index on the time).
   */
  pruneEvents(before: string, keep: number, limit: number): Promise<number>
  /**
   * Deletes at most `limit` of the oldest rows of an operations log created before `before`;
   * returns how many. Finding them must not read the whole log (an index on the time).
   */
  pruneLog(log: PrunedLog, before: string, limit: number): Promise<number>

  /** Creates or replaces the session game's room row. */
  saveRoom(room: RoomRecord): Promise<void>
  /** Leases followed rooms (`following`, `follow_until` after `now`) with no live lease (at `now`) to `owner`. */
  claimMonitors(owner: string, now: string, leaseUntil: string, limit: number): Promise<ClaimedRoom[]>
  /** Extends `owner`'s leases on those of `ids` still followed; returns the ids it still holds. */
  renewMonitors(owner: string, ids: readonly number[], leaseUntil: string): Promise<number[]>
  /** Gives the lease on one session game to `owner`, whoever held it. */
  leaseMonitor(sessionGameId: number, owner: string, leaseUntil: string): Promise<void>
  /** Ends the lease (only `owner`'s, when given). */
  releaseMonitor(sessionGameId: number, owner?: string): Promise<void>

  recordLoginFailure(address: string, at: string): Promise<void>
  /** Forgets failures older than `before`. */
  pruneLoginFailures(before: string): Promise<void>

  /**
   * Transactions that lock the same key run one at a time, until commit or rollback. Where a
   * rule is read-then-write (one active session, the duplicate-vote window) this makes it hold
   * across servers sharing the store. A store with a single writer may do nothing.
   */
  lock(key: string): Promise<void>

  setSetting(key: string, value: string): Promise<void>

  insertApiToken(token: NewApiToken): Promise<ApiToken>
  /** Returns false when there was no such token. */
  deleteApiToken(id: number): Promise<boolean>
  /** Sets last_used_at (callers write it at most once a minute per token). */
  touchApiToken(id: number, at: string): Promise<void>
  /** Many at once: the audit log is written in batches (see audit-log.ts). */
  insertAuditEntries(entries: readonly NewAuditEntry[]): Promise<void>

  /** Creates the connector's row (callers check first that there is none). */
  /** Inserts or replaces the session's queue row. */
  saveQueue(queue: QueueRecord): Promise<void>
  insertQueueEntry(entry: Omit<QueueEntryRecord, 'id'>): Promise<QueueEntryRecord>
  updateQueueEntry(id: number, patch: QueueEntryPatch): Promise<void>
  deleteQueueEntry(id: number): Promise<void>
  /** The session's queue row and entries (the session ended). */
  deleteQueue(sessionId: number): Promise<void>
  insertChatConnector(row: NewChatConnector): Promise<void>
  deleteChatConnector(platform: string): Promise<void>
  /** Replaces the connector's bot token or API key (sealing an earlier release's plain one). */
  setChatConnectorSecret(platform: string, secret: string | null): Promise<void>
  /** Leases the platform's connector to `owner` when nobody holds it at `now`; returns the row as it was before, or null when not taken. */
  claimChatConnector(platform: string, owner: string, now: string, leaseUntil: string): Promise<ChatConnectorRecord | null>
  /** Extends `owner`'s lease; false when it does not hold it (stopped, or taken over). */
  renewChatConnector(platform: string, owner: string, leaseUntil: string): Promise<boolean>
  /** Ends `owner`'s lease, setting the state another server will start from. */
  releaseChatConnector(platform: string, owner: string, state: ChatConnectorState): Promise<void>
  /**
   * Sets the state, replaces the settings and adds to the counts, only while `owner` holds the
   * lease; false otherwise.
   */
  updateChatConnector(platform: string, owner: string, change: ChatConnectorChange): Promise<boolean>
  /** Notes a chat message's own id; false when it was noted before (the message is not counted again). */
  claimChatMessage(messageId: string, seenAt: string): Promise<boolean>
}

/** A live vote as `Store.recordLiveVote` recorded it. */
export interface LiveVoteRecord {
  session: { id: number; games_played: number }
  game: { id: number; title: string; upvotes: number; downvotes: number; popularity_score: number }
  /** Webhook deliveries queued with its event. */
  deliveries: number
}

export interface StoreBackup {
  /** A backup is being made now (another would be refused). */
  readonly running: boolean
  /** Why this database cannot be backed up (one in memory); absent when it can. */
  readonly unavailable?: string
  /**
   * Copies the database as it is now into `target`, a file that must not exist, while requests go
   * on; resolves once the copy is complete, fsynced, checked and renamed to `target`. Rejects
   * with CONFLICT when a backup is running or `target` exists, INVALID_INPUT for a database that
   * is not a file.
   */
  copyTo(target: string): Promise<{ bytes: number }>
}

export interface Store {
  /**
   * Optional, for stores where each statement is a round trip (PostgreSQL): a live vote in one
   * step, exactly as votes.live records it in the plain case (the vote, its `vote.received`
   * event with `timestamp` `now`, a delivery per subscribed webhook, whose id the store makes: a
   * random UUID, as the default `newId` is). Resolves with null,
   * changing nothing, in any other case (no active session, no game at the timestamp, a vote of
   * the user within [from, to]): the caller then takes the general path, which answers those.
   */
  recordLiveVote?(vote: {
    username: string; type: VoteType; timestamp: string; from: string; to: string; now: string
  }): Promise<LiveVoteRecord | null>
  /**
   * Optional, for stores where each statement is a round trip (PostgreSQL): a poll vote without
   * an address to count (a chat vote) in one step, exactly as `recordPollVote` then
   * `tallyPollVotes` in a transaction: resolves with the poll's tally once the vote is durable,
   * null when it was not recorded (the poll is not open, or `voted_at` is not before its
   * `closes_at`), or undefined to decline (the caller then takes the general path).
   */
  recordPollVoteInOneStep?(vote: NewPollVote): Promise<{ number: number; votes: number }[] | null | undefined>
  /**
   * Optional: online backups into a file database (see backups.ts). A file store copies its file;
   * PostgreSQL's writes one snapshot of every table into a new file, when given a writer for it.
   */
  backup?: StoreBackup
  /** A consistent view; no writes. */
  read<T>(fn: (tx: StoreReads) => Promise<T>): Promise<T>
  /** All or nothing. Resolves once the change is durable; rejects (changing nothing) if fn throws. */
  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>
  /**
   * Optional: leaves no copy of what was deleted or overwritten in the database's free space
   * (free pages, dead rows), after an earlier release's plain-text secrets were sealed.
   */
  scrubFreedSpace?(): Promise<void>
  /** Resolves when the store can serve requests; a store behind a network (PostgreSQL) asks its
   *  server and rejects with UNAVAILABLE when it does not answer. */
  ping?(): Promise<void>
  close(): Promise<void>
  /**
   * Stores shared by several processes: calls `listener` when another process committed a change
   * of that kind (and when the store cannot tell, e.g. after reconnecting). Returns an unsubscribe.
   */
  subscribe?(listener: (topic: ChangeTopic) => void): () => void
}
