// startServer: the serving process. The app, plus what only a long-running server does:
// the webhook delivery worker, the room monitors and the chat connectors (all resumed after a
// restart), the pruning of old log rows (retention), the polls' tallies and deadlines, the
// viewer queue's pending events, and scheduled backups of a database file. It builds no adapter: the core arrives wired (its
// platforms, room service and webhook sender), and so do the backups.
import {
  type Backups, type Core, createChatConnector, createEventFeed, createMonitorCoordinator, createPollJobs, createQueueEventJob,
  createRetentionJob, createWebhookWorker, noBackups,
} from '@game-picker/core'
import { toNodeHandler } from 'h3'
import { listen } from 'listhen'
import { createApp } from './app.ts'
import { createEventStreams } from './event-streams.ts'
import { answerMalformedRequests, requireHost } from './malformed-requests.ts'
import { type NetworkInfo, networkUrls } from './network.ts'

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
  /** How often each chat connector's lease is renewed and claimed (default 5 s). */
  chatSyncMs?: number
  /** How often old log rows are pruned (default 10 minutes; also once at start). */
  retentionIntervalMs?: number
  /** Backups of a database file into a folder, scheduled (also what POST /api/backups uses); default none. */
  backups?: Backups
  /**
   * The URLs phones should open, when the machine's own addresses are not the ones they reach
   * (a container, port forwarding). Default: the http URLs of the network addresses the server
   * listens on (every non-internal IPv4 address for 0.0.0.0; none on loopback only).
   */
  networkUrls?: string[]
  log?: (line: string) => void
}

export interface RunningServer {
  url: string
  port: number
  /** What GET /api/network reports: the host, the port and the URLs phones can open. */
  network(): NetworkInfo
  /** Stops accepting, ends the event streams, finishes in-flight requests, stops the worker, the pruning (after its current batch) and the monitors (giving their leases up). */
  close(): Promise<void>
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { core } = options
  const log = options.log ?? ((line: string) => console.error(line))
  const worker = createWebhookWorker({
    queue: core.deliveries, send: core.sendWebhook, retryDelaysMs: options.webhookRetryDelaysMs, timeoutMs: options.webhookTimeoutMs, log,
  })
  const monitors = core.roomMonitors
  const retention = createRetentionJob(core, { intervalMs: options.retentionIntervalMs, log })
  const polls = createPollJobs(core, { log })
  const queueEvents = createQueueEventJob(core, { log })
  const coordinator = createMonitorCoordinator({ leases: core.monitorLeases, monitors, intervalMs: options.monitorSyncMs, log })
  // One connector per platform; each holds its platform's connection when it holds its lease.
  const chats = core.chat.platforms.map((platform) => createChatConnector({ platform, core, intervalMs: options.chatSyncMs, log }))
  const unsubscribe = [
    core.onChange('deliveries', () => worker.wake()),
    core.onChange('monitors', () => void coordinator.wake()),
    core.onChange('chat', () => chats.forEach((chat) => void chat.wake())),
  ]
  const backups = options.backups ?? noBackups(core.store)
  const host = options.host ?? '127.0.0.1'
  let port = options.port ?? 3000 // the real one once listening (port 0 = any free port)
  // Asked each time: an address may come and go while the server runs (Wi-Fi, DHCP).
  const network = (): NetworkInfo => ({ host, port, urls: options.networkUrls ?? networkUrls(host, port) })
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
    eventStreams,
    backups,
    network,
    log,
  })

  const requestedPort = port
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
  const address = listener.server.address()
  if (typeof address === 'object' && address) port = address.port
  worker.start()
  retention.start()
  polls.start()
  await queueEvents.start()
  await coordinator.start() // resumes the monitors nobody holds (after a restart, or a dead server's)
  await Promise.all(chats.map((chat) => chat.start())) // resumes the stored connectors nobody holds
  await backups.startSchedule()

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    network,
    async close() {
      for (const stop of unsubscribe) stop()
      // Stop accepting first, then end the streams (they never go idle), then wait for the rest.
      const closing = listener.close()
      await eventStreams.closeAll()
      await closing
      await worker.stop()
      await retention.stop()
      await polls.stop()
      await queueEvents.stop()
      await coordinator.stop()
      await Promise.all(chats.map((chat) => chat.stop()))
      await backups.stop() // a backup under way ends when the database closes
      await core.audit.flush() // the entries of the last requests
    },
  }
}
