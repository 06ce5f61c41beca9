// The one small interface every outside chat platform (Twitch chat, Discord, YouTube Live chat)
// sits behind. A platform is a folder here (platforms/<name>/) exporting a `ChatPlatform`; the
// shared connector (platforms/connector.ts) does the rest for all of them alike: the lease that
// lets exactly one server hold the connection, reading messages by the shared chat rules, counting
// each message or interaction once across restarts and takeovers, and the stored state and counts.
// A platform never changes a domain rule: it turns the platform's traffic into messages in, and
// answers through the core's use cases (replies out).
import type { createEventLog } from '../events/event-log.ts'
import type { createPicker } from '../picker/picker.ts'
import type { createPolls } from '../polls/polls.ts'
import type { ViewerQueue } from '../queue/queue.ts'
import type { createSessionGames } from '../sessions/session-games.ts'
import type { ChangeTopic } from '../store/store.ts'
import type { createVotes } from '../votes/votes.ts'
import type { ChatConnectorRecord } from '../store/store.ts'
import type { ChatConnectorState, ChatCounts } from '../common/types.ts'

export type ChatPlatformName = 'twitch' | 'discord' | 'youtube'

/**
 * The use cases a platform may call: what its commands and buttons do (pick, polls, votes, the
 * session's games, the viewer queue), the event log it follows, and word of changes made
 * elsewhere. Narrow on purpose: a platform answers through these and changes no domain rule.
 */
export interface ChatServices {
  picker: Pick<ReturnType<typeof createPicker>, 'pick'>
  queue: Pick<ViewerQueue, 'join' | 'leave'>
  polls: Pick<ReturnType<typeof createPolls>, 'open' | 'close' | 'current' | 'get' | 'voteByUsername'>
  sessionGames: Pick<ReturnType<typeof createSessionGames>, 'list'>
  votes: Pick<ReturnType<typeof createVotes>, 'live'>
  events: Pick<ReturnType<typeof createEventLog>, 'after' | 'lastId'>
  onChange(topic: ChangeTopic, listener: () => void): () => void
}

/** A chat message as a platform hands it in. */
export interface IncomingChatMessage {
  /** The platform's own id of the message (counted once by it), or null when it has none. */
  id: string | null
  /** The voter's name: Twitch logins bare, every other platform prefixed (`discord:NAME`, `youtube:CHANNEL_ID`). */
  username: string
  /** The display name (Twitch's `display-name` tag, Discord's global name, YouTube's displayName); default the username. */
  name?: string
  text: string
  /** When the platform received it (ISO). */
  sentAt: string
}

/** What `POST /api/chat/{platform}` stores once its body is valid. */
export interface PreparedConnector {
  /** What the platform reads: a Twitch channel, a Discord channel id, a YouTube video id. */
  channel: string
  /** The platform's own non-secret settings and state (JSON), shown by its `toStatus`. */
  settings: Record<string, unknown>
  /** A bot token or API key: stored like a webhook secret, never returned, logged or audited. */
  secret: string | null
}

/** What the shared connector gives the lease holder's connection. */
export interface PlatformContext {
  channel: string
  /** As stored when this server took the lease (a takeover continues where the last holder was). */
  settings: Readonly<Record<string, unknown>>
  secret: string | null
  /** The domain's use cases (pick, polls, votes, sessions) and `onChange` for what happens elsewhere. */
  services: ChatServices
  log(line: string): void
  /**
   * Messages in: read by the shared chat rules (`thisgame++/--`, `TICKER++/--`, a poll number) as
   * a live or poll vote by `username`; counted once by its id; outcomes go into the counts.
   */
  receive(message: IncomingChatMessage): void
  /**
   * An interaction that is not a chat message (a button press, a slash command): `action` runs at
   * most once per `id` across servers, restarts and takeovers, and names the count it adds to
   * (`null`: none). Resolves false when the id was handled before. Errors count as `ignored`.
   * `voter` (as in `IncomingChatMessage.username`) puts it in turn with that voter's messages and
   * interactions, beside other voters' (an answer waiting on the platform holds up only its own
   * voter); without one, it waits for the other voterless interactions.
   */
  once(id: string, action: () => Promise<keyof ChatCounts | null>, voter?: string): Promise<boolean>
  /**
   * Saves the connection's state and/or settings (merged into the stored ones), with the
   * `chat.connected` / `chat.disconnected` events; only while this server holds the lease.
   */
  update(change: { state?: ChatConnectorState; settings?: Record<string, unknown> }): void
}

export interface PlatformConnection {
  /** Ends the connection for good (stop, lease lost, server shutdown); nothing is reported after. */
  close(): void | Promise<void>
}

export interface ChatPlatform {
  name: ChatPlatformName
  /** The 400 when another channel is being read, and the 404 when none is (exact API strings). */
  errors: { alreadyConnected: string; notConnected: string }
  /** Validates `POST /api/chat/{name}`'s body (throws `invalidInput` / `notFound`); may ask the platform. */
  prepare(input: unknown): Promise<PreparedConnector>
  /** `GET /api/chat/{name}`'s answer from the stored row: never the secret. */
  toStatus(row: ChatConnectorRecord): Record<string, unknown>
  /** Opens the connection on the server that holds the lease; loads heavy clients lazily (import()). */
  open(context: PlatformContext): PlatformConnection
}
