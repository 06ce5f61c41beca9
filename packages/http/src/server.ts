// startServer: the serving process. The app, plus what only a long-running server does:
// the webhook delivery worker, the room monitors and the Twitch chat connector (both resumed
// after a restart), the pruning of old log rows (retention) and the polls' tallies and deadlines.
import { type Core, createEventFeed, createPollJobs, createRetentionJob } from '@game-picker/core'
import { createMonitorCoordinator, createRoomMonitors } from '@game-picker/core/monitor'
import { createTwitchConnector } from '@game-picker/core/twitch'
import { createWebhookWorker } from '@game-picker/core/webhooks'
import { toNodeHandler } from 'h3'
import { listen } from 'listhen'
import { createApp } from './app.ts'
import { createEventStreams } from './event-streams.ts'
import { answerMalformedRequests, requireHost } from './malformed-requests.ts'

export interface ServerOptions {
  core: Core
  port?: number
  host?: string
  /** The configured admin key; absent = the hashed key kept in the database (core.adminKeys). */
  adminKey?: string
  /** Absent = a secret generated once and kept in the database, so tokens survive restarts. */
  jwtSecret?: string
  bodyLimitBytes?: number
  corsOrigin?: string | string[]
  ecastUrl?: string
  /** Delays between webhook attempts (default 1 s, 4 s). */
  webhookRetryDelaysMs?: number[]
  /** Per webhook attempt (default 5 s). */
  webhookTimeoutMs?: number
  /** How often room monitor leases are renewed and claimed (default 5 s). */
  monitorSyncMs?: number
  /** Open event streams at most (default 1,000). */
  maxEventStreams?: number
  /** An idle event stream gets a comment this often (default 15 s). */
  eventPingMs?: number
  /** Bytes an event stream client may leave unread before it is dropped (default 1 MiB). */
  eventMaxUnreadBytes?: number
  /** The Twitch chat endpoint (default Twitch's: wss://irc-ws.chat.twitch.tv:443). */
  twitchChatUrl?: string
  /** How often the chat connector's lease is renewed and claimed (default 5 s). */
  chatSyncMs?: number
  /** How often old log rows are pruned (default 10 minutes; also once at start). */
  retentionIntervalMs?: number
  log?: (line: string) => void
}

export interface RunningServer {
  url: string
  port: number
  /** Stops accepting, ends the event streams, finishes in-flight requests, stops the worker, the pruning (after its current batch) and the monitors (giving their leases up). */
  close(): Promise<void>
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { core } = options
  const log = options.log ?? ((line: string) => console.error(line))
  const worker = createWebhookWorker({
    queue: core.deliveries, retryDelaysMs: options.webhookRetryDelaysMs, timeoutMs: options.webhookTimeoutMs, log,
  })
  const monitors = createRoomMonitors({
    sink: core.rooms.sink,
    ecastUrl: options.ecastUrl,
    log,
  })
  const retention = createRetentionJob(core, { intervalMs: options.retentionIntervalMs, log })
  const polls = createPollJobs(core, { log })
  const coordinator = createMonitorCoordinator({ leases: core.monitorLeases, monitors, intervalMs: options.monitorSyncMs, log })
  const chat = createTwitchConnector({
    lease: core.twitchChat.lease,
    votes: { live: (vote) => core.votes.live(vote), poll: (username, choice) => core.polls.voteByUsername(username, choice) },
    url: options.twitchChatUrl,
    intervalMs: options.chatSyncMs,
    log,
  })
  const unsubscribe = [
    core.onChange('deliveries', () => worker.wake()),
    core.onChange('monitors', () => void coordinator.wake()),
    core.onChange('chat', () => void chat.wake()),
  ]
  const eventStreams = createEventStreams({
    feed: createEventFeed(core, { log }), maxStreams: options.maxEventStreams, pingMs: options.eventPingMs,
    maxUnreadBytes: options.eventMaxUnreadBytes, log,
  })
  const app = createApp(core, {
    // Asked on first use: the server starts (and answers 503) before its database answers.
    jwtSecret: options.jwtSecret ?? (() => core.adminKeys.jwtSecret()),
    adminKey: options.adminKey,
    bodyLimitBytes: options.bodyLimitBytes,
    corsOrigin: options.corsOrigin,
    monitors,
    eventStreams,
    log,
  })

  const host = options.host ?? '127.0.0.1'
  const requestedPort = options.port ?? 3000
  const listener = await listen(requireHost(toNodeHandler(app)), {
    // A taken port is an error, not a silent move to another one (port 0 = any free port).
    port: requestedPort === 0 ? { random: true } : { port: requestedPort, random: false, alternativePortRange: [] as never },
    hostname: host,
    showURL: false,
    autoClose: false,
    isProd: true,
    qr: false,
    public: false,
  })
  answerMalformedRequests(listener.server)
  worker.start()
  retention.start()
  polls.start()
  await coordinator.start() // resumes the monitors nobody holds (after a restart, or a dead server's)
  await chat.start() // resumes reading a stored channel nobody reads

  const address = listener.server.address()
  const port = typeof address === 'object' && address ? address.port : requestedPort
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    async close() {
      for (const stop of unsubscribe) stop()
      // Stop accepting first, then end the streams (they never go idle), then wait for the rest.
      const closing = listener.close()
      await eventStreams.closeAll()
      await closing
      await worker.stop()
      await retention.stop()
      await polls.stop()
      await coordinator.stop()
      await chat.stop()
      await core.audit.flush() // the entries of the last requests
    },
  }
}
