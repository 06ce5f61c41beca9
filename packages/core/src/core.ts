// createCore: the whole domain over a Store. Every use case validates its own input and
// throws only DomainError for bad input.
import { randomUUID } from 'node:crypto'
import { createAdminKeys } from './admin-key.ts'
import { readBuiltinCatalogue } from './catalogue.ts'
import { createChatImport } from './chat-import.ts'
import type { CoreContext } from './context.ts'
import { createCsv } from './csv.ts'
import { createDeliveryQueue } from './delivery-queue.ts'
import { createGames } from './games.ts'
import { createPacks } from './packs.ts'
import { createPicker } from './picker.ts'
import { createSessionExport } from './session-export.ts'
import { createSessionGames } from './session-games.ts'
import { createSessions } from './sessions.ts'
import { createStats } from './stats.ts'
import type { Store } from './store.ts'
import { createVotes } from './votes.ts'
import { createWebhooks } from './webhooks.ts'

export interface CoreOptions {
  store: Store
  now?: () => Date
  random?: () => number
  newId?: () => string
}

export function createCore(options: CoreOptions) {
  const queuedListeners = new Set<() => void>()
  const ctx: CoreContext = {
    store: options.store,
    now: options.now ?? (() => new Date()),
    random: options.random ?? Math.random,
    newId: options.newId ?? randomUUID,
    deliveriesQueued: () => queuedListeners.forEach((listener) => listener()),
  }
  const csv = createCsv(ctx)
  return {
    store: ctx.store,
    games: createGames(ctx),
    packs: createPacks(ctx),
    picker: createPicker(ctx),
    sessions: createSessions(ctx),
    sessionGames: createSessionGames(ctx),
    votes: createVotes(ctx),
    importChat: createChatImport(ctx),
    exportSession: createSessionExport(ctx),
    stats: createStats(ctx),
    csv,
    /** Adds a bundled catalogue with append semantics. */
    importBuiltin: (name?: string) => csv.import({ csvData: readBuiltinCatalogue(name), mode: 'append' }),
    webhooks: createWebhooks(ctx),
    /** The outbox as the webhook worker consumes it. */
    deliveries: createDeliveryQueue(ctx),
    /** Subscribes to "deliveries were queued" (the worker's wake-up); returns an unsubscribe. */
    onDeliveriesQueued: (listener: () => void) => {
      queuedListeners.add(listener)
      return () => void queuedListeners.delete(listener)
    },
    adminKeys: createAdminKeys(ctx),
    close: () => ctx.store.close(),
  }
}

export type Core = ReturnType<typeof createCore>
