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
  })
  // Declared admin like every Bearer route; the handler reads the (already verified) claims again.
  api.post('/api/auth/verify', async ({ event }) => ({ valid: true, user: await auth.requireAdmin(event) }), { admin: true })
}
