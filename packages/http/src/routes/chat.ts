// The Twitch chat connector: start and stop need the scope `admin`; its status is public.
import type { Core } from '@game-picker/core'
import type { ApiRouter } from '../router.ts'

export function registerChatRoutes(api: ApiRouter, core: Core) {
  api.post('/api/chat/twitch', async (req) => core.twitchChat.start(await req.body()), { scope: 'admin', status: 201 })
  api.delete('/api/chat/twitch', () => core.twitchChat.stop(), { scope: 'admin' })
  api.get('/api/chat/twitch', () => core.twitchChat.status())
}
