// createCore: the whole domain over a Store and the adapters it is handed (it builds none).
// Every use case validates its own input and throws only DomainError for bad input.
import { randomBytes, randomUUID } from 'node:crypto'
import { createAdminKeys } from './access/admin-key.ts'
import { createApiTokens } from './access/api-tokens.ts'
import { createAuditLog } from './access/audit-log.ts'
import { createSecrets } from './access/secrets.ts'
import { bundledAppTags } from './catalogue/app-tags.ts'
import { readBuiltinCatalogue } from './catalogue/catalogue.ts'
import { createChatImport } from './votes/chat-import.ts'
import type { CoreContext } from './common/context.ts'
import { createCsv } from './catalogue/csv.ts'
import { createDeliveryQueue } from './webhooks/outbox-queue.ts'
import { createGames } from './catalogue/games.ts'
import { createPacks } from './catalogue/packs.ts'
import { createPicker } from './picker/picker.ts'
import { createPolls } from './polls/polls.ts'
import { createQueue } from './queue/queue.ts'
import { createRetention } from './store/retention.ts'
import { createSessionExport } from './sessions/session-export.ts'
import { createRooms } from './rooms/rooms.ts'
import { createSessionGames } from './sessions/session-games.ts'
import { createSessions } from './sessions/sessions.ts'
import { createStats } from './stats/stats.ts'
import { createEventLog } from './events/event-log.ts'
import { createLoginLimit } from './access/login-limit.ts'
import { createMonitorLeases } from './rooms/monitor-leases.ts'
import type { ChangeTopic, Store } from './store/store.ts'
import { createVoteHistory } from './votes/vote-history.ts'
import { createVotes } from './votes/votes.ts'
import { createChatConnectors } from './chat/chat-connectors.ts'
import { createWebhooks } from './webhooks/webhooks.ts'
import type { ChatPlatform } from './chat/platform.ts'
import { noRoomService, type RoomService } from './rooms/room-service.ts'
import { noWebhookSender, type WebhookSender } from './webhooks/sender.ts'

export interface CoreOptions {
  store: Store
  now?: () => Date
  random?: () => number
  newId?: () => string
  /** This process among those sharing the store (owner of its leases); default a new uuid. */
  instanceId?: string
  /** Where background trouble is reported (a token's last-use note, an audit batch); default stderr. */
  log?: (line: string) => void
  /** The chat platforms a server may read (the composition root hands them in; default none). */
  platforms?: readonly ChatPlatform[]
  /** Where rooms are looked up and followed (default: none; every lookup answers unavailable). */
  roomService?: RoomService
  /** How a webhook delivery attempt reaches its receiver (default: none; attempts fail and are logged). */
  webhookSender?: WebhookSender
  /**
   * The 32-byte key the kept secrets are sealed with (access/secrets.ts). It must be the same at
   * every start of a database that outlives the process; default a new one (a store in memory).
   */
  secretKey?: Uint8Array
}

export function createCore(options: CoreOptions) {
  const listeners: Record<ChangeTopic, Set<() => void>> = {
    events: new Set(), deliveries: new Set(), monitors: new Set(), polls: new Set(), chat: new Set(), queue: new Set(),
  }
  const notify = (topic: ChangeTopic) => listeners[topic].forEach((listener) => listener())
  const ctx: CoreContext = {
    store: options.store,
    now: options.now ?? (() => new Date()),
    random: options.random ?? Math.random,
    newId: options.newId ?? randomUUID,
    instanceId: options.instanceId ?? randomUUID(),
    changed: notify,
  }
  // Commits of other processes sharing the store reach the same listeners as this one's.
  const unsubscribeStore = options.store.subscribe?.(notify)
  const csv = createCsv(ctx)
  const log = options.log ?? ((line: string) => console.error(line))
  const secrets = createSecrets(ctx, options.secretKey ?? randomBytes(32))
  const picker = createPicker(ctx)
  const rooms = createRooms(ctx)
  const queue = createQueue(ctx)
  listeners.queue.add(queue.sendPendingEvent)
  return {
    store: ctx.store,
    games: createGames(ctx),
    packs: createPacks(ctx),
    picker,
    /** Polls: open, vote (phones, chat), close, the winner; `voteByUsername` is for chat connectors. */
    polls: createPolls(ctx, picker),
    sessions: createSessions(ctx),
    sessionGames: createSessionGames(ctx),
    /** The active session's viewer queue: chat joins, seats, checked against the room. */
    queue,
    /** The room autopilot: a room code becomes the game it runs, followed until the room ends. */
    rooms,
    /** The room service's followers, reporting into the rooms (started by a server's coordinator). */
    roomMonitors: (options.roomService ?? noRoomService)(rooms.sink, log),
    /** One webhook delivery attempt, as the server's worker makes it. */
    sendWebhook: options.webhookSender ?? noWebhookSender,
    votes: createVotes(ctx),
    /** Every vote, newest first, paged and filtered; a session's tally per game. */
    voteHistory: createVoteHistory(ctx),
    importChat: createChatImport(ctx),
    exportSession: createSessionExport(ctx),
    stats: createStats(ctx),
    csv,
    /** Adds a bundled catalogue with append semantics. */
    importBuiltin: (name?: string) => csv.import({ csvData: readBuiltinCatalogue(name), mode: 'append' }, bundledAppTags()),
    webhooks: createWebhooks(ctx, secrets),
    /** The outbox as the webhook worker consumes it. */
    deliveries: createDeliveryQueue(ctx, secrets),
    /** The event log behind the live stream. */
    events: createEventLog(ctx),
    /** Deletes, in small batches, the operations logs' rows past their retention. */
    retention: createRetention(ctx),
    monitorLeases: createMonitorLeases(ctx),
    logins: createLoginLimit(ctx),
    /** The chat connectors, one per platform handed in: channel, state, counts and lease. */
    chat: createChatConnectors(ctx, options.platforms ?? [], secrets),
    instanceId: ctx.instanceId,
    /**
     * Calls `listener` after a commit, by this process or another sharing the store, that added
     * events, queued webhook deliveries, changed which room monitors should run, opened a poll
     * or changed the chat connector. Returns an unsubscribe.
     */
    onChange: (topic: ChangeTopic, listener: () => void) => {
      listeners[topic].add(listener)
      return () => void listeners[topic].delete(listener)
    },
    adminKeys: createAdminKeys(ctx, secrets),
    /**
     * The sealing of kept secrets: `unlock` checks the key at start (and seals an earlier
     * release's secrets); `reset` is `db reset-secrets`.
     */
    secrets: { unlock: secrets.unlock, reset: secrets.reset },
    /** API tokens with scopes: what a client holds instead of the admin key. */
    apiTokens: createApiTokens(ctx, log),
    /** Who changed what: written in batches, listed newest first. */
    audit: createAuditLog(ctx, log),
    close: async () => {
      unsubscribeStore?.()
      await queue.stopSending()
      return ctx.store.close()
    },
  }
}

export type Core = ReturnType<typeof createCore>
