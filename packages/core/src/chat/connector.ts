// One platform's chat connector inside a server: it keeps this server's connection in step with
// the platform's lease in the store (every interval, and when told the connectors changed), as the
// room monitors do. The holder opens the platform's connection and turns what comes in into live
// votes and poll votes by the shared chat rules; every message or interaction with a vote in it
// is counted once, by its own id, whichever server read it and however often (a reconnect, a
// takeover); the counts are written in small batches.
import { readChatCommand } from './chat-commands.ts'
import { type ChatLease, FINAL_CHAT_STATES } from './chat-connectors.ts'
import { coalesce } from '../common/coalesce.ts'
import { createPeriodicSync } from '../common/periodic-sync.ts'
import type { Core } from '../core.ts'
import { isDomainError } from '../common/errors.ts'
import type { ChatConnectorRecord } from '../store/store.ts'
import type { ChatConnectorState, ChatCounts } from '../common/types.ts'
import type { ChatPlatform, IncomingChatMessage, PlatformConnection, PlatformContext } from './platform.ts'

export interface ChatConnectorOptions {
  platform: ChatPlatform
  core: Core
  /** How often the lease is renewed or claimed; well under the lease (20 s). Default 5 s. */
  intervalMs?: number
  log?: (line: string) => void
}

interface Holding {
  channel: string
  state: ChatConnectorState
  settings: Record<string, unknown>
  connection: PlatformConnection | undefined
  /** State and settings changes, written one after another. */
  writes: Promise<unknown>
  /**
   * Messages and interactions in flight, one lane per voter: each voter's in the order they came
   * (a vote, then its move), different voters side by side, so the store can commit their votes
   * together (a multistream's chats at hundreds of messages a second). A voter's interactions
   * (button presses, commands) share the voter's lane; those of no voter share one.
   */
  lanes: Map<string, Promise<unknown>>
}

const zero = (): ChatCounts => ({ up: 0, down: 0, poll: 0, queue: 0, ignored: 0 })
const LABELS = { twitch: 'Twitch chat', discord: 'Discord', youtube: 'YouTube chat' }

export function createChatConnector(options: ChatConnectorOptions) {
  const { platform, core, intervalMs = 5000 } = options
  const log = (line: string) => (options.log ?? (() => {}))(`${LABELS[platform.name]}: ${line}`)
  const lease: ChatLease = core.chat.lease(platform.name)
  let holding: Holding | undefined
  let pending = zero()

  const counter = coalesce(async () => {
    const counts = pending
    pending = zero()
    if (counts.up + counts.down + counts.poll + counts.queue + counts.ignored === 0) return
    await lease.count(counts).catch((error: unknown) => log(`could not save the counts: ${String(error)}`))
  })
  const count = (outcome: keyof ChatCounts) => {
    pending[outcome] += 1
    void counter.run()
  }

  /** Runs `action`, counting what it did; a refused vote counts as ignored. */
  async function counted(action: () => Promise<keyof ChatCounts | null>): Promise<void> {
    const outcome = await action().catch((error: unknown) => {
      // No game playing, a duplicate within 1 s, no open poll, not a candidate: counted as ignored, not an error.
      if (!isDomainError(error) || error.code === 'UNAVAILABLE') log(`a vote was not recorded: ${String(error)}`)
      return 'ignored' as const
    })
    if (outcome) count(outcome)
  }

  /** Runs `action` once per id across servers, restarts and takeovers. */
  async function once(id: string, action: () => Promise<keyof ChatCounts | null>): Promise<boolean> {
    if (!(await lease.firstSeen(id))) return false
    await counted(action)
    return true
  }

  /** `!join` / `!leave`: true when it changed the queue. */
  async function queueCommand(command: 'join' | 'leave', message: IncomingChatMessage): Promise<boolean> {
    if (command === 'leave') return core.queue.leave(message.username)
    const joined = await core.queue.join({ user: message.username, name: message.name || message.username })
    return joined.kind === 'joined'
  }

  async function receive(message: IncomingChatMessage): Promise<void> {
    const command = readChatCommand(message.text)
    if (!command) return count('ignored')
    const vote = async (): Promise<keyof ChatCounts> => {
      if ('queue' in command) return (await queueCommand(command.queue, message)) ? 'queue' : 'ignored'
      if ('vote' in command) {
        await core.votes.live({ username: message.username, vote: command.vote, timestamp: message.sentAt, ticker: command.ticker })
        return command.vote
      }
      await core.polls.voteByUsername(message.username, command.choice)
      return 'poll'
    }
    if (message.id === null) await counted(vote)
    else await once(message.id, vote)
  }

  function open(row: ChatConnectorRecord): void {
    const current: Holding = {
      channel: row.channel, state: row.state, settings: { ...row.settings }, connection: undefined,
      writes: Promise.resolve(), lanes: new Map(),
    }
    holding = current
    if (FINAL_CHAT_STATES.includes(row.state)) return // held, not opened again until stopped and started
    const inTurn = <T>(lane: string, work: () => Promise<T>): Promise<T> => {
      const result = (current.lanes.get(lane) ?? Promise.resolve()).then(work)
      const done = result.then(() => {}, (error: unknown) => log(`a message was not handled: ${String(error)}`))
      current.lanes.set(lane, done)
      void done.then(() => { if (current.lanes.get(lane) === done) current.lanes.delete(lane) })
      return result
    }
    const context: PlatformContext = {
      channel: row.channel, settings: row.settings, secret: row.secret, services: core, log,
      receive: (message) => void inTurn(`user:${message.username}`, () => receive(message)).catch(() => {}),
      once: (id, action, voter) => inTurn(voter === undefined ? 'interactions' : `user:${voter}`, () => once(id, action)),
      update: (change) => {
        if (holding !== current) return
        const previous = current.state
        if (change.state) current.state = change.state
        if (change.settings) current.settings = { ...current.settings, ...change.settings }
        const write = { state: change.state, settings: change.settings && current.settings }
        current.writes = current.writes.then(async () => {
          if (holding !== current) return
          const held = await lease.update(current.channel, write, previous).catch((error: unknown) => {
            log(`could not save the state: ${String(error)}`)
            return true
          })
          if (!held) void syncing.wake() // stopped or taken over meanwhile
        })
        if (change.state && FINAL_CHAT_STATES.includes(change.state)) void closeConnection(current)
      },
    }
    try {
      current.connection = platform.open(context)
    } catch (error) {
      log(`could not connect: ${String(error)}`)
    }
  }

  async function closeConnection(current: Holding): Promise<void> {
    const connection = current.connection
    current.connection = undefined
    await connection?.close()
  }

  async function stopHolding(release: boolean): Promise<void> {
    const current = holding
    if (!current) return
    holding = undefined
    await closeConnection(current)
    await current.writes
    while (current.lanes.size > 0) await Promise.all(current.lanes.values())
    await counter.run()
    if (release) {
      await lease.release(current.channel, current.state)
        .catch((error: unknown) => log(`could not give the connection up: ${String(error)}`))
    }
  }

  async function sync(): Promise<void> {
    if (holding && !(await lease.renew())) await stopHolding(false)
    if (!holding) {
      const row = await lease.claim()
      if (row) open(row)
    }
  }

  const syncing = createPeriodicSync(sync, intervalMs, (error) => log(`could not sync the lease: ${String(error)}`))

  return {
    wake: syncing.wake,
    /** The channel this server holds, if any (tests, logs). */
    holding: () => holding?.channel ?? null,
    /** Resumes a stored connector nobody holds (after a restart, or a dead server's), then checks every interval. */
    start: syncing.start,
    /** Closes the connection and gives the lease up, so another server takes it at once. */
    async stop(): Promise<void> {
      await syncing.stop()
      await stopHolding(true)
    },
  }
}

export type ChatConnector = ReturnType<typeof createChatConnector>
