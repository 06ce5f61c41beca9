// createApp: the JSON API as an h3 app, with nothing listening. Mount it in any server, or
// use startServer.
import { type Backups, type Core, createEventFeed, noBackups } from '@game-picker/core'
import { H3 } from 'h3'
import { createAuth } from './auth.ts'
import { DEFAULT_BODY_LIMIT } from './body.ts'
import { createCors } from './cors.ts'
import { createEventStreams, type EventStreams } from './event-streams.ts'
import { createFrameworkErrorHandler } from './framework-errors.ts'
import type { NetworkInfo } from './network.ts'
import { jsonResponse, setCommonHeaders } from './respond.ts'
import { createApiRouter } from './router.ts'
import { registerAuthRoutes } from './routes/auth.ts'
import { registerEventRoutes } from './routes/events.ts'
import { registerGameRoutes } from './routes/games.ts'
import { registerNetworkRoutes } from './routes/network.ts'
import { registerPlayRoutes } from './routes/play.ts'
import { registerPollRoutes } from './routes/polls.ts'
import { registerQueueRoutes } from './routes/queue.ts'
import { registerReferenceRoutes } from './routes/reference.ts'
import { registerRoomRoutes } from './routes/rooms.ts'
import { registerSessionGameRoutes } from './routes/session-games.ts'
import { registerSessionRoutes } from './routes/sessions.ts'
import { registerTokenRoutes } from './routes/tokens.ts'
import { registerBackupRoutes } from './routes/backups.ts'
import { registerChatRoutes } from './routes/chat.ts'
import { registerWebhookRoutes } from './routes/webhooks.ts'
import { registerWebApp } from './web-app.ts'

export interface AppOptions {
  /** Secret that signs admin tokens. */
  jwtSecret: string | (() => Promise<string>)
  /** The configured admin key; absent = the hashed key kept in the database. */
  adminKey?: string
  bodyLimitBytes?: number
  /** Allowed CORS origin(s); default any. */
  corsOrigin?: string | string[]
  /** The live event streams; default: a set of its own (startServer passes one it can end on shutdown). */
  eventStreams?: EventStreams
  /** Backups of the database file; default: none configured (startServer passes the ones it was handed). */
  backups?: Backups
  /** Where the server listens and the URLs phones can open (GET /api/network); default: the address each request came to. */
  network?: () => NetworkInfo
  log?: (line: string) => void
}

export function createApp(core: Core, options: AppOptions): H3 {
  const log = options.log ?? ((line: string) => console.error(line))
  const auth = createAuth(core, { adminKey: options.adminKey, jwtSecret: options.jwtSecret })
  const cors = createCors(options.corsOrigin)
  const eventStreams = options.eventStreams ?? createEventStreams({ feed: createEventFeed(core, { log }), log })

  // No global middleware: each route's response carries X-API-Version and, for requests with
  // an Origin, the CORS headers; what h3 answers itself (no route, a malformed path) goes
  // through the error handler, which does the same.
  const app = new H3({ onError: createFrameworkErrorHandler(cors, log) })
  app.options('/**', (event) => {
    setCommonHeaders(event)
    return cors.preflight(event) || jsonResponse(404, JSON.stringify({ error: 'Not found' }), cors.headers(event))
  })

  const api = createApiRouter(app, {
    auth, cors, bodyLimitBytes: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT, log, audit: (entry) => core.audit.record(entry),
  })
  registerAuthRoutes(api, auth, core)
  registerGameRoutes(api, core)
  registerSessionRoutes(api, core)
  registerSessionGameRoutes(api, core)
  registerRoomRoutes(api, core)
  registerReferenceRoutes(api, app)
  registerNetworkRoutes(api, options.network)
  registerPlayRoutes(api, core)
  registerPollRoutes(api, core)
  registerQueueRoutes(api, core)
  registerWebhookRoutes(api, core)
  registerTokenRoutes(api, core)
  registerChatRoutes(api, core)
  registerBackupRoutes(api, options.backups ?? noBackups(core.store))
  registerEventRoutes(api, auth, eventStreams)
  registerWebApp(app)
  return app
}
