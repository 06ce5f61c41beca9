// The Twitch chat connector inside a server: it keeps this server's reading of the channel in
// step with the lease in the store (every interval, and when told the connector changed), as the
// room monitors do. The holder reads the channel and turns its messages into live votes and poll
// votes; every message with a vote in it is counted once, by its own id, whichever server read it
// and however often (a reconnect, a takeover); the counts are written in small batches.
import { coalesce } from '../coalesce.ts'
import { isDomainError } from '../errors.ts'
import type { ChatLease } from '../twitch-chat.ts'
import type { ChatConnectorState, ChatCounts } from '../types.ts'
import { readChatCommand } from './chat-commands.ts'
import { type ChatConnection, type ChatConnectionOptions, type ChatLine, DEFAULT_TWITCH_CHAT_URL, openChatConnection } from './chat-connection.ts'

/** Where chat votes go: the core's use cases, as for `POST /api/votes/live` and poll votes by username. */
export interface ChatVoteSink {
  /** A live vote (`{ username, vote, timestamp, ticker? }`); rejects with the API's errors (duplicate, no game, unknown ticker). */
  live(input: { username: string; vote: 'up' | 'down'; timestamp: string; ticker?: string }): Promise<unknown>
  /**
   * A vote in the open poll by a chat username; rejects when there is no open poll or the choice
   * is not a candidate. Absent: numbers in chat are ignored.
   */
  poll?(username: string, choice: number): Promise<unknown>
}

export interface TwitchConnectorOptions {
  lease: ChatLease
  votes: ChatVoteSink
  /** The chat endpoint (default Twitch's); a local fake in tests. */
  url?: string
  /** How often the lease is renewed or claimed; well under the lease (20 s). Default 5 s. */
  intervalMs?: number
  log?: (line: string) => void
  /** The connection; injectable for tests of the coordination alone. */
  connect?: (options: ChatConnectionOptions) => ChatConnection
}

interface Reading {
  channel: string
  connection: ChatConnection
  state: ChatConnectorState
  /** State changes, written one after another. */
  writes: Promise<unknown>
  /** Messages, handled one after another (votes keep their order). */
  messages: Promise<unknown>
}

const zero = (): ChatCounts => ({ up: 0, down: 0, poll: 0, ignored: 0 })

export function createTwitchConnector(options: TwitchConnectorOptions) {
  const { lease, votes, url, intervalMs = 5000, log = () => {} } = options
  const connect = options.connect ?? openChatConnection
  let reading: Reading | undefined
  let timer: NodeJS.Timeout | undefined
  let pending = zero()

  const counter = coalesce(async () => {
    const counts = pending
    pending = zero()
    if (counts.up + counts.down + counts.poll + counts.ignored === 0) return
    await lease.count(counts).catch((error: unknown) => log(`Twitch chat: could not save the counts: ${String(error)}`))
  })

  function startReading(channel: string): void {
    const current: Reading = {
      channel, state: 'connecting', writes: Promise.resolve(), messages: Promise.resolve(),
      connection: undefined as unknown as ChatConnection,
    }
    reading = current
    current.connection = connect({
      url: url ?? DEFAULT_TWITCH_CHAT_URL, channel, log,
      onState: (state) => {
        const previous = current.state
        current.state = state
        current.writes = current.writes.then(async () => {
          if (reading !== current) return
          const held = await lease.setState(channel, state, previous).catch((error: unknown) => {
            log(`Twitch chat: could not save the state: ${String(error)}`)
            return true
          })
          if (!held) void wake() // stopped or taken over meanwhile
        })
      },
      onLine: (line) => {
        current.messages = current.messages.then(() => handle(line))
      },
    })
  }

  async function handle(line: ChatLine): Promise<void> {
    const command = readChatCommand(line.text)
    const outcome = await (async (): Promise<keyof ChatCounts | null> => {
      if (!command || ('choice' in command && !votes.poll)) return 'ignored'
      // A message seen before (by this server or another) was counted then.
      if (line.id !== null && !(await lease.firstSeen(line.id))) return null
      try {
        if ('vote' in command) {
          await votes.live({ username: line.login, vote: command.vote, timestamp: line.sentAt, ticker: command.ticker })
          return command.vote
        }
        await votes.poll!(line.login, command.choice)
        return 'poll'
      } catch (error) {
        // No game playing, an unknown ticker, a duplicate within 1 s, no open poll, not a candidate: counted as ignored, not an error.
        if (!isDomainError(error) || error.code === 'UNAVAILABLE') log(`Twitch chat: a vote was not recorded: ${String(error)}`)
        return 'ignored'
      }
    })().catch((error: unknown) => {
      log(`Twitch chat: a message was not handled: ${String(error)}`)
      return 'ignored' as const
    })
    if (outcome === null) return
    pending[outcome] += 1
    void counter.run()
  }

  async function stopReading(release: boolean): Promise<void> {
    const current = reading
    if (!current) return
    reading = undefined
    current.connection.close()
    await current.writes
    await current.messages
    await counter.run()
    if (release) {
      await lease.release(current.channel, current.state === 'connected')
        .catch((error: unknown) => log(`Twitch chat: could not give the channel up: ${String(error)}`))
    }
  }

  async function sync(): Promise<void> {
    if (reading && !(await lease.renew())) await stopReading(false)
    if (!reading) {
      const channel = await lease.claim()
      if (channel) startReading(channel)
    }
  }

  const syncer = coalesce(() => sync().catch((error: unknown) => log(`Twitch chat: could not sync the lease: ${String(error)}`)))
  const wake = () => syncer.run()

  return {
    wake,
    /** The channel this server reads, if any (tests, logs). */
    reading: () => reading?.channel ?? null,
    /** Resumes reading a stored channel nobody reads (after a restart, or a dead server's), then checks every interval. */
    async start(): Promise<void> {
      timer = setInterval(() => void wake(), intervalMs)
      timer.unref()
      await wake()
    },
    /** Stops reading and gives the lease up, so another server takes the channel at once. */
    async stop(): Promise<void> {
      clearInterval(timer)
      await syncer.settled()
      await stopReading(true)
    },
  }
}

export type TwitchConnector = ReturnType<typeof createTwitchConnector>
