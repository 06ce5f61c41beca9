// Webhook registry, test sends and delivery logs; all admin.
import type { Core } from '@game-picker/core'
import type { ApiRouter } from '../router.ts'

export function registerWebhookRoutes(api: ApiRouter, core: Core) {
  const admin = { admin: true }
  api.get('/api/webhooks', () => core.webhooks.list(), admin)
  api.get('/api/webhooks/:id', (req) => core.webhooks.get(req.id()), admin)
  api.post('/api/webhooks', async (req) =>
    ({ ...(await core.webhooks.create(await req.body())), message: 'Webhook created successfully' }),
  { admin: true, status: 201 })
  api.patch('/api/webhooks/:id', async (req) =>
    ({ ...(await core.webhooks.update(req.id(), await req.body())), message: 'Webhook updated successfully' }), admin)
  api.delete('/api/webhooks/:id', async (req) => {
    const webhookId = req.id()
    await core.webhooks.remove(webhookId)
    return { message: 'Webhook deleted successfully', webhookId }
  }, admin)
  api.post('/api/webhooks/test/:id', async (req) => {
    await core.webhooks.test(req.id())
    return { message: 'Test webhook sent', note: 'Delivery is asynchronous; see GET /api/webhooks/{id}/logs' }
  }, admin)
  api.get('/api/webhooks/:id/logs', (req) => core.webhooks.logs(req.id(), req.query.limit), admin)
}
