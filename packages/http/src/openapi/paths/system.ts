// Health, login, the live event stream and this reference itself.
import { pathItems } from '../operation.ts'
import { arrayOf, input, integer, number, object, ref, string } from '../schema.ts'

const events = {
  events: { schema: { type: 'string' }, description: 'Comma-separated event types to receive (default: all), in the replay too' },
  lastEventId: { schema: { type: 'string', pattern: '^\\d+$' }, description: 'Resume after this event id (the Last-Event-ID header wins)' },
  access_token: { schema: { type: 'string' }, description: 'A login token or an API token, for clients that cannot set a header (browser EventSource)' },
}

export const systemPaths = {
  ...pathItems('System', {
    '/health': {
      get: {
        summary: 'Health check',
        description: 'Asks the database each time: 503 "Database unavailable" while it does not answer (a PostgreSQL server stopped or out of reach), so a load balancer sends traffic elsewhere.',
        ok: { description: 'The service is up and its database answers', schema: object({ status: string(undefined, { const: 'ok' }), message: string(), version: string(undefined, { const: '1.0' }) }) },
      },
    },
    '/api/network': {
      get: {
        summary: 'Where phones reach the server', store: false,
        description: 'The host and port the server listens on, and `urls`: the http URLs phones can open, the one to show first. '
          + 'Listening on every interface (`--host 0.0.0.0`): one per non-internal IPv4 address of the machine; on one address that is not loopback: that one; '
          + 'on loopback only (the default, 127.0.0.1): none, since a phone cannot reach it. The web app\'s /poll puts the first in its QR code.',
        ok: {
          description: 'The server\'s network addresses',
          schema: object({
            host: string('The host it listens on, as configured (e.g. "0.0.0.0", "127.0.0.1")'),
            port: integer('The port it listens on'),
            urls: arrayOf(string('An http URL, e.g. "http://192.168.1.20:3000"')),
          }),
        },
      },
    },
    '/api/openapi.json': {
      get: {
        summary: 'This document', store: false,
        ok: { description: 'The OpenAPI 3.1 document of the API', schema: { type: 'object' } },
      },
    },
    '/docs': {
      get: {
        summary: 'API reference page', store: false,
        ok: { description: 'A page rendering this document; its assets are served by the server', content: { 'text/html': { type: 'string' } } },
      },
    },
  }),
  ...pathItems('Auth', {
    '/api/auth/login': {
      post: {
        summary: 'Log in',
        description: 'Exchanges the admin key for a bearer token valid 24 hours. 10 failed logins from one address within 15 minutes block it for the rest of the window.',
        body: { schema: input({ key: string('The admin key') }, ['key']) },
        ok: { description: '"Authentication successful"', schema: object({ token: string('A JWT'), message: string(), expiresIn: string(undefined, { const: '24h' }) }) },
        errors: { 400: ['Admin key is required'], 401: ['Invalid admin key'], 429: ['Too many login attempts. Try again later.'] },
      },
    },
    '/api/auth/verify': {
      post: {
        summary: 'Check a token', authenticated: true,
        ok: {
          description: 'The token is valid',
          schema: object({ valid: { const: true }, user: { oneOf: [
            object({ role: string('A login token from the admin key', { const: 'admin' }), timestamp: number('Issue time, Unix milliseconds') }),
            object({ role: string('An API token', { const: 'token' }), name: string(), scopes: arrayOf(ref('Scope')) }),
          ] } }),
        },
      },
    },
  }),
  ...pathItems('Events', {
    '/api/events': {
      get: {
        summary: 'Live event stream',
        description: 'Server-Sent Events. Each event has `id:` (an integer increasing across the database), `event:` (its type) and '
          + '`data:` (the same JSON a webhook receives: see the Event schema). `: ping` comes after 15 s of silence. '
          + 'Resume with the `Last-Event-ID` header or `lastEventId`: the stored events after it are replayed, then the stream goes live. '
          + 'Events are kept 24 hours and at least the last 10,000; an older id first gets `event: reset` with `data: {}`. '
          + 'Public; `vote.received` carries `vote.username` only with a valid token holding the scope `votes` (a login token holds every scope).',
        query: events,
        headers: { 'Last-Event-ID': { schema: { type: 'string', pattern: '^\\d+$' }, description: 'The id of the last event received' } },
        extra: {
          security: [{}, { bearerAuth: [] }],
        },
        ok: { description: 'The stream (`text/event-stream`), open until the client leaves or the server stops', content: { 'text/event-stream': { type: 'string' } } },
        errors: {
          400: ['Unknown event type: NAME', 'Invalid Last-Event-ID'],
          403: ['Invalid or expired token'],
          503: ['Too many event streams'],
        },
      },
    },
  }),
}
