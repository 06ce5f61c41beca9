// Reads the event log from where it stood when the bot connected, as the live stream does, and
// hands each new event to the bot: a poll opened, voted on or closed anywhere (the web app, a
// phone, Twitch chat, another server), a game added to the session. Wakes on the core's
// `events` signal, which fires for commits by every server sharing the store.
import { coalesce, type ChatServices } from '@game-picker/core'

export interface FollowedEvent {
  id: number
  type: string
  data: any
}

const BATCH = 100

export function followEvents(services: ChatServices, onEvent: (event: FollowedEvent) => Promise<void>, log: (line: string) => void) {
  let cursor: number | undefined
  let stopped = false
  let unsubscribe = () => {}

  const reader = coalesce(async () => {
    try {
      while (!stopped && cursor !== undefined) {
        const events = await services.events.after(cursor, BATCH)
        for (const event of events) {
          if (stopped) return
          cursor = event.id
          const body = JSON.parse(event.body) as { data?: unknown }
          await onEvent({ id: event.id, type: event.type, data: body.data }).catch((error: unknown) =>
            log(`could not answer ${event.type}: ${String(error)}`))
        }
        if (events.length < BATCH) return
      }
    } catch (error) {
      log(`could not read the events: ${String(error)}`)
    }
  })

  return {
    /** Starts after the newest event now (what came before is not announced again). */
    async start(): Promise<void> {
      cursor = await services.events.lastId()
      unsubscribe = services.onChange('events', () => void reader.run())
      void reader.run()
    },
    async stop(): Promise<void> {
      stopped = true
      unsubscribe()
      await reader.settled()
    },
  }
}
