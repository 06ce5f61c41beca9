// The poll message kept in step with the poll, wherever the poll was opened (the web app, the
// API, `/poll`): posted when a poll opens, its tallies edited at most every 2 seconds, and the
// winner shown once it closes. Which message shows which poll is stored in the connector's
// settings, so a restarted server or the one that takes over edits the same message.
import { isDomainError, type ChatServices, type Poll } from '@game-picker/core'
import { pollMessage } from './messages.ts'
import type { PollMessageRef } from './settings.ts'

/** The channel as the keeper needs it (the bot's discord.js channel behind it). */
export interface MessageChannel {
  post(message: { content: string; components: unknown[] }): Promise<string>
  edit(messageId: string, message: { content: string; components: unknown[] }): Promise<void>
}

export interface PollMessageKeeperOptions {
  services: ChatServices
  channel: MessageChannel
  /** The stored reference (settings.poll_message) and how to save a new one. */
  stored: PollMessageRef | null
  save(ref: PollMessageRef): void
  log(line: string): void
  /** Least time between two edits of the message (Discord's rate limits, and readable tallies). */
  editEveryMs?: number
}

export function createPollMessageKeeper(options: PollMessageKeeperOptions) {
  const { services, channel, log, editEveryMs = 2000 } = options
  let ref = options.stored
  let lastEdit = 0
  let timer: NodeJS.Timeout | undefined
  let closed = false
  /** Syncs and edits run one after another, so a poll gets one message however many signals arrive. */
  let turn: Promise<unknown> = Promise.resolve()
  const inTurn = (work: () => Promise<void>) => {
    const next = turn.then(() => (closed ? undefined : work())).catch((error: unknown) => log(`the poll message was not updated: ${String(error)}`))
    turn = next
    return next
  }

  const remember = (next: PollMessageRef) => {
    ref = next
    options.save(next)
  }

  const openPoll = () => services.polls.current().catch((error: unknown) => {
    if (isDomainError(error) && error.code === 'NOT_FOUND') return null
    throw error
  })

  /** Edits the message to show `poll`, no sooner than 2 s after the last edit. */
  async function show(poll: Poll): Promise<void> {
    if (!ref || ref.poll_id !== poll.id) return
    const wait = lastEdit + editEveryMs - Date.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    if (closed) return
    lastEdit = Date.now()
    await channel.edit(ref.message_id, pollMessage(poll))
    if (poll.status !== 'open') remember({ ...ref, closed: true })
  }

  /** Brings the channel in line with the polls: the last message finished, the open poll posted. */
  const sync = () => inTurn(async () => {
    const open = await openPoll()
    if (ref && !ref.closed && ref.poll_id !== open?.id) await show(await services.polls.get(ref.poll_id))
    if (open && ref?.poll_id !== open.id) {
      const messageId = await channel.post(pollMessage(open))
      lastEdit = Date.now()
      remember({ poll_id: open.id, message_id: messageId, closed: false })
    } else if (open) {
      tallies()
    }
  })

  /** The tallies changed: edit now, or when 2 s have passed since the last edit. */
  function tallies(): void {
    if (timer || closed || !ref || ref.closed) return
    const wait = Math.max(0, lastEdit + editEveryMs - Date.now())
    timer = setTimeout(() => {
      timer = undefined
      void inTurn(async () => {
        if (ref && !ref.closed) await show(await services.polls.get(ref.poll_id))
      })
    }, wait)
  }

  return {
    sync,
    tallies,
    /** The poll the message shows (what a button press votes in). */
    current: () => ref,
    close() {
      closed = true
      clearTimeout(timer)
    },
  }
}

export type PollMessageKeeper = ReturnType<typeof createPollMessageKeeper>
