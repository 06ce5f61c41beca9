// Polls. Who may do what, in one place per route:
// - open and close: scope `sessions`;
// - vote with `voter` (a phone): anyone, counted per client address;
// - vote with `username` (chat): scope `votes`.
import type { Core } from '@game-picker/core'
import { getRequestIP } from 'h3'
import type { ApiRouter } from '../router.ts'

export function registerPollRoutes(api: ApiRouter, core: Core) {
  api.get('/api/polls', (req) => core.polls.list(req.query.limit))
  api.post('/api/polls', async (req) => core.polls.open(await req.body()), { scope: 'sessions', status: 201 })
  api.get('/api/polls/open', () => core.polls.current())
  api.get('/api/polls/:id', (req) => core.polls.get(req.id()))
  api.post('/api/polls/:id/votes', async (req) => {
    const pollId = req.id()
    const body = await req.body()
    // A chat vote speaks for someone else: it needs a token; a phone speaks for itself.
    if (body?.username !== undefined && body.voter === undefined) await req.requireScope('votes')
    // The address as the socket sees it: X-Forwarded-For is anyone's to write.
    return core.polls.vote(pollId, body, { address: getRequestIP(req.event) ?? 'unknown' })
  })
  api.post('/api/polls/:id/close', (req) => core.polls.close(req.id()), { scope: 'sessions' })
}
