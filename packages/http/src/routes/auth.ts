// Health and authentication.
import type { Core } from '@game-picker/core'
import type { Auth } from '../auth.ts'
import { API_VERSION } from '../respond.ts'
import type { ApiRouter } from '../router.ts'

export function registerAuthRoutes(api: ApiRouter, auth: Auth, core: Core) {
  // 200 only while the database answers (a PostgreSQL server may be down): else 503 "Database unavailable".
  api.get('/health', async () => {
    await core.store.ping?.()
    return { status: 'ok', message: 'Game Picker API is running', version: API_VERSION }
  })
  api.post('/api/auth/login', async (req) => {
    const body = await req.body()
    return auth.login(req.event, (body as { key?: unknown } | undefined)?.key)
  }, { login: true })
  // Any valid token, whatever its scopes; a check changes nothing, so it is not audited.
  api.post('/api/auth/verify', ({ principal }) => ({ valid: true, user: principal!.user }), { authenticated: true, readOnly: true })
}
