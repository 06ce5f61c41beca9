// Webhook registry, test sends and delivery logs; all need the scope `webhooks`.
import type { Core } from '@game-picker/core'
import type { ApiRouter } from '../router.ts'

export function registerWebhookRoutes(api: ApiRouter, core: Core) {
  const webhooks = { scope: 'webhooks' } as const
  api.get('/api/webhooks', () => core.webhooks.list(), webhooks)
  api.get('/api/webhooks/:id', (req) => core.webhooks.get(req.id()), webhooks)
  api.post('/api/webhooks', async (req) =>
    ({ ...(await core.webhooks.create(await req.body())), message: 'Webhook created successfully' }),
  { scope: 'webhooks', status: 201 })
  api.patch('/api/webhooks/:id', async (req) =>
    ({ ...(await core.webhooks.update(req.id(), await req.body())), message: 'Webhook updated successfully' }), webhooks)
  api.delete('/api/webhooks/:id', async (req) => {
    const webhookId = req.id()
    await core.webhooks.remove(webhookId)
    return { message: 'Webhook deleted successfully', webhookId }
  }, webhooks)
  api.post('/api/webhooks/test/:id', async (req) => {
    await core.webhooks.test(req.id())
    return { message: 'Test webhook sent', note: 'Delivery is asynchronous; see GET /api/webhooks/{id}/logs' }
  }, webhooks)
  api.get('/api/webhooks/:id/logs', (req) => core.webhooks.logs(req.id(), req.query.limit), webhooks)
}
