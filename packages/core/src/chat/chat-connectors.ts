// The chat connectors as the store keeps them: one row per platform (a Twitch channel, a Discord
// channel, a YouTube stream), with its state and counts (what GET /api/chat/{platform} shows on
// any server) and a lease, so that exactly one of several servers holds each platform's
// connection (the connections themselves are in ./platforms/). `chat.connected` and
// `chat.disconnected` are emitted in the transaction that changes the state, only by the
// lease's holder, so each connection is announced once and its end once.
import { type CoreContext, isoAfter, isoNow } from '../common/context.ts'
import { invalidInput, notFound } from '../common/errors.ts'
import { transactionWithEvents } from '../events/events.ts'
import type { Secrets } from '../access/secrets.ts'
import type { ChatPlatform, ChatPlatformName } from './platform.ts'
import type { ChatConnectorChange, ChatConnectorRecord } from '../store/store.ts'
import type { ChatConnectorState, ChatCounts, ChatListEntry } from '../common/types.ts'

/** Like the room monitor's: renewed every few seconds, so a dead holder's lease runs out in 20 s. */
export const CHAT_LEASE_MS = 20_000

/** States in which the connection is not opened again until the connector is stopped and started. */
export const FINAL_CHAT_STATES: readonly ChatConnectorState[] = ['failed', 'ended']

const countsOf = (row: ChatConnectorRecord): ChatCounts => ({ up: row.up, down: row.down, poll: row.poll, queue: row.queue, ignored: row.ignored })

export function createChatConnectors(ctx: CoreContext, platforms: readonly ChatPlatform[], secrets: Secrets) {
  const { store, instanceId } = ctx
  const leaseEnd = () => isoAfter(ctx, CHAT_LEASE_MS)
  const changed = <T>(result: T) => {
    ctx.changed('chat')
    return result
  }
  const platformNamed = (name: string): ChatPlatform => {
    const platform = platforms.find((candidate) => candidate.name === name)
    if (!platform) throw notFound(`Unknown chat platform: ${name}`)
    return platform
  }
  const event = (row: Pick<ChatConnectorRecord, 'platform' | 'channel'>) => ({ platform: row.platform, channel: row.channel })

  /** The lease on one platform's connector, as the reading side (./platforms/connector.ts) uses it. */
  const leaseOf = (name: ChatPlatformName) => ({
    /**
     * Takes the connector when nobody holds it: its row, or null. A dead holder's connection is
     * announced as ended.
     */
    claim: async (): Promise<ChatConnectorRecord | null> => {
      const row = await transactionWithEvents(ctx, async (tx, emit) => {
        const before = await tx.claimChatConnector(name, instanceId, isoNow(ctx), leaseEnd())
        if (!before) return null
        if (before.owner !== instanceId && before.state === 'connected') {
          await emit('chat.disconnected', event(before))
          await tx.updateChatConnector(name, instanceId, { state: 'reconnecting' })
          return { ...before, state: 'reconnecting' as const }
        }
        return before
      })
      // The holder gets the bot token or API key in plain text, opened after the commit.
      return row && { ...row, secret: row.secret === null ? null : await secrets.open(row.secret) }
    },
    /** False when this server no longer holds it (stopped, or taken over). */
    renew: (): Promise<boolean> => store.transaction((tx) => tx.renewChatConnector(name, instanceId, leaseEnd())),
    /** Gives it up (shutdown), so another server takes it at once; the connection is announced as ended. */
    release: (channel: string, state: ChatConnectorState): Promise<void> => transactionWithEvents(ctx, async (tx, emit) => {
      const row = await tx.getChatConnector(name)
      if (row?.owner !== instanceId) return
      if (state === 'connected') await emit('chat.disconnected', { platform: name, channel })
      await tx.releaseChatConnector(name, instanceId, state === 'connected' || state === 'connecting' ? 'reconnecting' : state)
    }),
    /**
     * Records a new state and/or settings (with the state's event); false when this server no
     * longer holds the lease.
     */
    update: (channel: string, change: ChatConnectorChange, previous: ChatConnectorState): Promise<boolean> =>
      transactionWithEvents(ctx, async (tx, emit) => {
        const held = await tx.updateChatConnector(name, instanceId, change)
        if (!held || !change.state) return held
        if (change.state === 'connected' && previous !== 'connected') await emit('chat.connected', { platform: name, channel })
        if (change.state !== 'connected' && previous === 'connected') await emit('chat.disconnected', { platform: name, channel })
        return true
      }),
    /** Adds to the counts; false when this server no longer holds the lease. */
    count: (counts: ChatCounts): Promise<boolean> => store.transaction((tx) => tx.updateChatConnector(name, instanceId, { counts })),
    /** True the first time an id is seen (by any server): count it; false: already counted. */
    firstSeen: (id: string): Promise<boolean> => store.transaction((tx) => tx.claimChatMessage(`${name}:${id}`, isoNow(ctx))),
  })

  return {
    platforms,
    /** POST /api/chat/{platform}: starts reading (any server may take it); the same channel again changes nothing. */
    start: async (name: string, input: unknown): Promise<Record<string, unknown>> => {
      const platform = platformNamed(name)
      const prepared = await platform.prepare(input)
      if (prepared.secret !== null) prepared.secret = await secrets.seal(prepared.secret)
      return changed(await store.transaction(async (tx) => {
        await tx.lock('chat-connector')
        const existing = await tx.getChatConnector(name)
        if (existing && existing.channel !== prepared.channel) throw invalidInput(platform.errors.alreadyConnected)
        if (!existing) await tx.insertChatConnector({ platform: name, state: 'connecting', since: isoNow(ctx), ...prepared })
        return platform.toStatus((await tx.getChatConnector(name))!)
      }))
    },

    /** DELETE /api/chat/{platform}: stops reading; the holder's connection ends at its next lease check (or at once, when told). */
    stop: async (name: string): Promise<Record<string, unknown>> => {
      const platform = platformNamed(name)
      return changed(await transactionWithEvents(ctx, async (tx, emit) => {
        await tx.lock('chat-connector')
        const row = await tx.getChatConnector(name)
        if (!row) throw notFound(platform.errors.notConnected)
        await tx.deleteChatConnector(name)
        if (row.state === 'connected') await emit('chat.disconnected', event(row))
        return platform.toStatus(row)
      }))
    },

    /** GET /api/chat/{platform}. */
    status: async (name: string): Promise<Record<string, unknown>> => {
      const platform = platformNamed(name)
      const row = await store.read((tx) => tx.getChatConnector(name))
      if (!row) throw notFound(platform.errors.notConnected)
      return platform.toStatus(row)
    },

    /** GET /api/chat: every platform read, alike. */
    list: async (): Promise<ChatListEntry[]> => (await store.read((tx) => tx.listChatConnectors()))
      .map((row) => ({ platform: row.platform, channel: row.channel, state: row.state, since: row.since, counts: countsOf(row) })),

    lease: leaseOf,
  }
}

export type ChatConnectors = ReturnType<typeof createChatConnectors>
export type ChatLease = ReturnType<ChatConnectors['lease']>
export { countsOf as chatCountsOf }
