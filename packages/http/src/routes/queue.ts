// The viewer queue of the active session: anyone may look; opening, closing, adding, removing and
// seating need the scope `sessions`. Joining from chat is the chat connectors' (the core's).
import type { Core } from '@game-picker/core'
import type { ApiRouter } from '../router.ts'

export function registerQueueRoutes(api: ApiRouter, core: Core) {
  api.get('/api/queue', () => core.queue.get())
  api.post('/api/queue/open', async (req) => core.queue.open(await req.body()), { scope: 'sessions' })
  api.post('/api/queue/close', () => core.queue.close(), { scope: 'sessions' })
  api.post('/api/queue/seat', async (req) => core.queue.seat(await req.body()), { scope: 'sessions' })
  api.post('/api/queue/entries', async (req) => core.queue.add(await req.body()), { scope: 'sessions', status: 201 })
  api.delete('/api/queue/entries/:id', (req) => core.queue.remove(req.id()), { scope: 'sessions' })
}
