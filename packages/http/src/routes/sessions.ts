// Sessions, their games, chat import and export.
import type { Core } from '@game-picker/core'
import { download, type ApiRouter } from '../router.ts'

export function registerSessionRoutes(api: ApiRouter, core: Core) {
  const sessions = { scope: 'sessions' } as const
  api.get('/api/sessions', (req) => core.sessions.list(req.query))
  api.post('/api/sessions', async (req) => core.sessions.start(await req.body()), { scope: 'sessions', status: 201 })
  api.get('/api/sessions/active', async () =>
    (await core.sessions.active()) ?? { session: null, message: 'No active session' })
  api.get('/api/sessions/:id', (req) => core.sessions.get(req.id()))
  api.delete('/api/sessions/:id', async (req) => {
    const sessionId = req.id()
    await core.sessions.remove(sessionId)
    return { message: 'Session deleted successfully', sessionId }
  }, sessions)
  api.post('/api/sessions/:id/close', async (req) => core.sessions.close(req.id(), await req.body()), sessions)

  api.get('/api/sessions/:id/games', (req) => core.sessionGames.list(req.id()))
  api.get('/api/sessions/:id/votes', (req) => core.voteHistory.sessionTally(req.id()))
  api.post('/api/sessions/:id/games', async (req) => core.sessionGames.add(req.id(), await req.body()),
    { scope: 'sessions', status: 201 })
  api.post('/api/sessions/:id/chat-import', async (req) => core.importChat(req.id(), await req.body()), sessions)
  api.get('/api/sessions/:id/export', async (req) => {
    const file = await core.exportSession(req.id(), req.query.format)
    return download(file.filename, file.contentType, file.body)
  }, sessions)
}
