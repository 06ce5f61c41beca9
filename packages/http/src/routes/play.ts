// The picker, live votes and stats: what a games night touches most.
import type { Core } from '@game-picker/core'
import type { ApiRouter } from '../router.ts'

export function registerPlayRoutes(api: ApiRouter, core: Core) {
  api.post('/api/pick', async (req) => core.picker.pick((await req.body()) ?? {}), { memoized: true })
  api.post('/api/votes/live', async (req) => core.votes.live(await req.body()), { scope: 'votes' })
  // Usernames are the viewers': the history needs the scope that may see them.
  api.get('/api/votes', (req) => core.voteHistory.list(req.query), { scope: 'votes' })
  api.get('/api/stats', () => core.stats(), { memoized: true })
}
