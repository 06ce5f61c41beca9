// createCore: the whole domain over a Store. Every use case validates its own input and
// throws only DomainError for bad input.
import { randomUUID } from 'node:crypto'
import { createAdminKeys } from './admin-key.ts'
import { createApiTokens } from './api-tokens.ts'
import { createAuditLog } from './audit-log.ts'
import { bundledAppTags } from './app-tags.ts'
import { readBuiltinCatalogue } from './catalogue.ts'
import { createChatImport } from './chat-import.ts'
import type { CoreContext } from './context.ts'
import { createCsv } from './csv.ts'
import { createDeliveryQueue } from './delivery-queue.ts'
import { createGames } from './games.ts'
import { createPacks } from './packs.ts'
import { createPicker } from './picker.ts'
import { createPolls } from './polls/polls.ts'
import { createRetention } from './retention.ts'
import { createSessionExport } from './session-export.ts'
import { createRooms } from './rooms.ts'
import { createSessionGames } from './session-games.ts'
import { createSessions } from './sessions.ts'
import { createStats } from './stats.ts'
import { createEventLog } from './event-log.ts'
import { createLoginLimit } from './login-limit.ts'
import { createMonitorLeases } from './monitor-leases.ts'
import type { ChangeTopic, Store } from './store.ts'
import { createVoteHistory } from './vote-history.ts'
import { createVotes } from './votes.ts'
import { createChatConnectors } from './chat-connectors.ts'
import { createTwitchPlatform, type TwitchConfig } from './platforms/twitch/index.ts'
import { createYouTubePlatform, type YouTubeConfig } from './platforms/youtube/index.ts'
import { createWebhooks } from './webhooks.ts'

export interface CoreOptions {
  store: Store
  now?: () => Date
  random?: () => number
  newId?: () => string
  /** This process among those sharing the store (owner of its leases); default a new uuid. */
  instanceId?: string
  /** Where background trouble is reported (a token's last-use note, an audit batch); default stderr. */
  log?: (line: string) => void
  /** Where each chat platform is reached, and its default credentials (the server's environment). */
  chat?: ChatConfig
}

/** Per platform: its endpoint (a local fake in tests) and default credentials. */
export interface ChatConfig {
  twitch?: TwitchConfig
  youtube?: YouTubeConfig
}

export function createCore(options: CoreOptions) {
  const listeners: Record<ChangeTopic, Set<() => void>> = {
    events: new Set(), deliveries: new Set(), monitors: new Set(), polls: new Set(), chat: new Set(),
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
  const picker = createPicker(ctx)
  return {
    store: ctx.store,
    games: createGames(ctx),
    packs: createPacks(ctx),
    picker,
    /** Polls: open, vote (phones, chat), close, the winner; `voteByUsername` is for chat connectors. */
    polls: createPolls(ctx, picker),
    sessions: createSessions(ctx),
    sessionGames: createSessionGames(ctx),
    /** The room autopilot: a room code becomes the game it runs, followed until the room ends. */
    rooms: createRooms(ctx),
    votes: createVotes(ctx),
    /** Every vote, newest first, paged and filtered; a session's tally per game. */
    voteHistory: createVoteHistory(ctx),
    importChat: createChatImport(ctx),
    exportSession: createSessionExport(ctx),
    stats: createStats(ctx),
    csv,
    /** Adds a bundled catalogue with append semantics. */
    importBuiltin: (name?: string) => csv.import({ csvData: readBuiltinCatalogue(name), mode: 'append' }, bundledAppTags()),
    webhooks: createWebhooks(ctx),
    /** The outbox as the webhook worker consumes it. */
    deliveries: createDeliveryQueue(ctx),
    /** The event log behind the live stream. */
    events: createEventLog(ctx),
    /** Deletes, in small batches, the operations logs' rows past their retention. */
    retention: createRetention(ctx),
    monitorLeases: createMonitorLeases(ctx),
    logins: createLoginLimit(ctx),
    /**
     * The chat connectors, one per platform: channel, state, counts and lease (the connections
     * are in '@game-picker/core/platforms').
     */
    chat: createChatConnectors(ctx, [createTwitchPlatform(options.chat?.twitch), createYouTubePlatform(options.chat?.youtube)]),
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
    adminKeys: createAdminKeys(ctx),
    /** API tokens with scopes: what a client holds instead of the admin key. */
    apiTokens: createApiTokens(ctx, log),
    /** Who changed what: written in batches, listed newest first. */
    audit: createAuditLog(ctx, log),
    close: () => {
      unsubscribeStore?.()
      return ctx.store.close()
    },
  }
}

export type Core = ReturnType<typeof createCore>
