// The Twitch chat connector as the store keeps it: one channel at a time, its state and counts
// (what GET /api/chat/twitch shows on any server), and a lease, so that exactly one of several
// servers reads the channel (the reading itself is in ./twitch/). `chat.connected` and
// `chat.disconnected` are emitted in the transaction that changes the state, only by the
// lease's holder, so each connection is announced once and its end once.
import { type CoreContext, isoAfter, isoNow } from './context.ts'
import { invalidInput, notFound } from './errors.ts'
import { transactionWithEvents } from './events.ts'
import type { ChatConnectorRecord } from './store.ts'
import type { ChatConnectorState, ChatConnectorStatus, ChatCounts } from './types.ts'
import { asFields } from './validate.ts'

/** Like the room monitor's: renewed every few seconds, so a dead holder's lease runs out in 20 s. */
export const CHAT_LEASE_MS = 20_000

const CHANNEL = /^[A-Za-z0-9_]{3,25}$/

function toStatus(row: ChatConnectorRecord): ChatConnectorStatus {
  return {
    channel: row.channel, state: row.state, since: row.since,
    counts: { up: row.up, down: row.down, poll: row.poll, ignored: row.ignored },
  }
}

export function createTwitchChat(ctx: CoreContext) {
  const { store, instanceId } = ctx
  const leaseEnd = () => isoAfter(ctx, CHAT_LEASE_MS)
  const changed = <T>(result: T) => {
    ctx.changed('chat')
    return result
  }

  return {
    /** `{ channel }`: starts reading it (any server may take it); the same channel again changes nothing. */
    start: async (input: unknown): Promise<ChatConnectorStatus> => {
      const { channel } = asFields(input)
      if (typeof channel !== 'string' || !CHANNEL.test(channel)) throw invalidInput('channel must be 3 to 25 letters, digits or _')
      const name = channel.toLowerCase() // Twitch's channel names are its lower-case logins
      return changed(await store.transaction(async (tx) => {
        await tx.lock('chat-connector')
        const existing = await tx.getChatConnector()
        if (existing && existing.channel !== name) throw invalidInput('Already reading a channel')
        if (!existing) await tx.insertChatConnector({ channel: name, state: 'connecting', since: isoNow(ctx) })
        return toStatus((await tx.getChatConnector())!)
      }))
    },

    /** Stops reading; the holder's connection ends at its next lease check (or at once, when told). */
    stop: async (): Promise<ChatConnectorStatus> => changed(await transactionWithEvents(ctx, async (tx, emit) => {
      await tx.lock('chat-connector')
      const row = await tx.getChatConnector()
      if (!row) throw notFound('Not reading a channel')
      await tx.deleteChatConnector()
      if (row.state === 'connected') await emit('chat.disconnected', { channel: row.channel })
      return toStatus(row)
    })),

    status: async (): Promise<ChatConnectorStatus> => {
      const row = await store.read((tx) => tx.getChatConnector())
      if (!row) throw notFound('Not reading a channel')
      return toStatus(row)
    },

    /** The lease, as the reading side (./twitch/) uses it. */
    lease: {
      /**
       * Takes the connector when nobody holds it: the channel to read, or null. A dead holder's
       * connection is announced as ended.
       */
      claim: (): Promise<string | null> => transactionWithEvents(ctx, async (tx, emit) => {
        const before = await tx.claimChatConnector(instanceId, isoNow(ctx), leaseEnd())
        if (!before) return null
        if (before.owner !== instanceId && before.state === 'connected') {
          await emit('chat.disconnected', { channel: before.channel })
          await tx.updateChatConnector(instanceId, { state: 'reconnecting' })
        }
        return before.channel
      }),
      /** False when this server no longer holds it (stopped, or taken over). */
      renew: (): Promise<boolean> => store.transaction((tx) => tx.renewChatConnector(instanceId, leaseEnd())),
      /** Gives it up (shutdown), so another server takes it at once; the connection is announced as ended. */
      release: (channel: string, wasConnected: boolean): Promise<void> => transactionWithEvents(ctx, async (tx, emit) => {
        const row = await tx.getChatConnector()
        if (row?.owner !== instanceId) return
        if (wasConnected) await emit('chat.disconnected', { channel })
        await tx.releaseChatConnector(instanceId, 'reconnecting')
      }),
      /** Records a new state (with its event); false when this server no longer holds the lease. */
      setState: (channel: string, state: ChatConnectorState, previous: ChatConnectorState): Promise<boolean> =>
        transactionWithEvents(ctx, async (tx, emit) => {
          const held = await tx.updateChatConnector(instanceId, { state })
          if (!held) return false
          if (state === 'connected' && previous !== 'connected') await emit('chat.connected', { channel })
          if (state !== 'connected' && previous === 'connected') await emit('chat.disconnected', { channel })
          return true
        }),
      /** Adds to the counts; false when this server no longer holds the lease. */
      count: (counts: ChatCounts): Promise<boolean> => store.transaction((tx) => tx.updateChatConnector(instanceId, { counts })),
      /** True the first time a message id is seen (by any server): count it; false: already counted. */
      firstSeen: (messageId: string): Promise<boolean> => store.transaction((tx) => tx.claimChatMessage(messageId, isoNow(ctx))),
    },
  }
}

export type TwitchChat = ReturnType<typeof createTwitchChat>
export type ChatLease = TwitchChat['lease']
