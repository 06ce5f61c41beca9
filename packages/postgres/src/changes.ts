// Telling the other instances what a transaction changed: NOTIFY, sent by the sequencer right
// after the commit (see sequencer.ts; `sender` is [0-9a-f-]), heard through one LISTEN
// connection per instance. That connection reconnects by itself; after a reconnect every topic is reported,
// since what was sent while it was away is unknown.
import type { ChangeTopic } from '@game-picker/core'
import pg from 'pg'
import { connectionConfig, type PoolLimits } from './pool.ts'

export const CHANNEL = 'game_picker_changes'
const TOPICS: ChangeTopic[] = ['events', 'deliveries', 'monitors', 'polls', 'chat']

export interface ChangeListener {
  subscribe(listener: (topic: ChangeTopic) => void): () => void
  close(): Promise<void>
}

/** Listens once someone subscribes; notifications sent by `sender` itself are not reported. */
export function createChangeListener(url: string, limits: PoolLimits, sender: string, log: (line: string) => void): ChangeListener {
  const listeners = new Set<(topic: ChangeTopic) => void>()
  let client: pg.Client | undefined
  let closed = false
  let retryMs = 250
  let timer: NodeJS.Timeout | undefined
  const report = (topic: ChangeTopic) => listeners.forEach((listener) => listener(topic))

  async function connect(reconnecting: boolean): Promise<void> {
    const next = new pg.Client(connectionConfig(url, limits))
    client = next
    next.on('error', () => {}) // 'end' follows and reconnects
    next.on('end', () => lost(next))
    next.on('notification', ({ channel, payload = '' }) => {
      const [topic, from] = payload.split(' ')
      if (channel === CHANNEL && from !== sender && TOPICS.includes(topic as ChangeTopic)) report(topic as ChangeTopic)
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${CHANNEL}`)
    } catch {
      await next.end().catch(() => {})
      return lost(next)
    }
    retryMs = 250
    if (reconnecting) TOPICS.forEach(report)
  }

  function lost(which: pg.Client): void {
    if (closed || which !== client) return
    client = undefined
    if (retryMs === 250) log('PostgreSQL: change notifications lost; reconnecting')
    timer = setTimeout(() => {
      timer = undefined
      void connect(true)
    }, retryMs)
    timer.unref()
    retryMs = Math.min(retryMs * 2, 5000)
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      if (!client && !timer && !closed) void connect(false)
      return () => void listeners.delete(listener)
    },
    async close() {
      closed = true
      clearTimeout(timer)
      await client?.end().catch(() => {})
    },
  }
}
