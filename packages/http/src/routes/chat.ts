// The chat connectors: each platform's start and stop need the scope `admin`; its status and
// the list of every chat read are public.
import type { Core } from '@game-picker/core'
import type { ApiRouter } from '../router.ts'

export function registerChatRoutes(api: ApiRouter, core: Core) {
  api.get('/api/chat', () => core.chat.list())
  for (const { name } of core.chat.platforms) {
    api.post(`/api/chat/${name}`, async (req) => core.chat.start(name, await req.body()), { scope: 'admin', status: 201 })
    api.delete(`/api/chat/${name}`, () => core.chat.stop(name), { scope: 'admin' })
    api.get(`/api/chat/${name}`, () => core.chat.status(name))
  }
}
