// API tokens and the audit log: both need the scope `admin`.
import type { Core } from '@game-picker/core'
import type { ApiRouter } from '../router.ts'

export function registerTokenRoutes(api: ApiRouter, core: Core) {
  const admin = { scope: 'admin' } as const
  api.post('/api/tokens', async (req) => core.apiTokens.create(await req.body()), { scope: 'admin', status: 201 })
  api.get('/api/tokens', () => core.apiTokens.list(), admin)
  api.delete('/api/tokens/:id', async (req) => {
    await core.apiTokens.revoke(req.id())
    return { message: 'Token revoked' }
  }, admin)
  api.get('/api/audit', (req) => core.audit.list({ limit: req.query.limit, before: req.query.before }), admin)
}
