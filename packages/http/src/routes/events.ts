// The live event stream: public, filtered by type, resumable by id.
import { readEventTypes } from '@game-picker/core'
import type { Auth } from '../auth.ts'
import { httpFailure } from '../errors.ts'
import type { EventStreams } from '../event-streams.ts'
import type { ApiRouter } from '../router.ts'

export function registerEventRoutes(api: ApiRouter, auth: Auth, streams: EventStreams) {
  api.get('/api/events', async ({ event, query }) => {
    const types = readEventTypes(query.events)
    // The header (sent by EventSource when it reconnects) wins over the query parameter.
    const lastEventId = readLastEventId(event.req.headers.get('last-event-id') || query.lastEventId)
    // Voters' names go to those who may send votes: a token with the scope `votes` (or `admin`).
    const admin = await auth.holds(event, 'votes', query.access_token)
    return streams.open(event, { types, admin, lastEventId })
  })
}

function readLastEventId(value: string | undefined): number | null {
  if (value === undefined || value === '') return null
  if (!/^\d{1,15}$/.test(value)) throw httpFailure(400, 'Invalid Last-Event-ID')
  return Number(value)
}
