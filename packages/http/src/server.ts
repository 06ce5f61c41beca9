// startServer: the serving process. The app, plus what only a long-running server does:
// the webhook delivery worker and the room monitors (resumed after a restart).
import type { Core } from '@game-picker/core'
import { createRoomMonitors } from '@game-picker/core/monitor'
import { createWebhookWorker } from '@game-picker/core/webhooks'
import { toNodeHandler } from 'h3'
import { listen } from 'listhen'
import { createApp } from './app.ts'
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
  log?: (line: string) => void
}

export interface RunningServer {
  url: string
  port: number
  /** Stops accepting, finishes in-flight requests, stops the worker and the monitors. */
  close(): Promise<void>
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { core } = options
  const log = options.log ?? ((line: string) => console.error(line))
  const worker = createWebhookWorker({
    queue: core.deliveries, retryDelaysMs: options.webhookRetryDelaysMs, timeoutMs: options.webhookTimeoutMs, log,
  })
  const stopWaking = core.onDeliveriesQueued(() => worker.wake())
  const monitors = createRoomMonitors({
    sink: { update: (id, change) => core.sessionGames.recordPlayerCheck(id, change) },
    ecastUrl: options.ecastUrl,
    log,
  })
  const app = createApp(core, {
    jwtSecret: options.jwtSecret ?? (await core.adminKeys.jwtSecret()),
    adminKey: options.adminKey,
    bodyLimitBytes: options.bodyLimitBytes,
    corsOrigin: options.corsOrigin,
    monitors,
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
  for (const row of await core.sessionGames.listMonitoring()) {
    if (row.room_code) monitors.start(row.id, row.room_code)
  }

  const address = listener.server.address()
  const port = typeof address === 'object' && address ? address.port : requestedPort
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    async close() {
      stopWaking()
      await listener.close()
      await worker.stop()
      await monitors.close()
    },
  }
}
