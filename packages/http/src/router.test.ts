// A public route where only some requests need a token (the polls feature's vote by username):
// req.requireScope authenticates inside the handler, with the same answers as a route's scope,
// and the request is audited as that principal's.
import { type AuditRecord, createCore } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/sqlite'
import { H3 } from 'h3'
import { expect, test } from 'vitest'
import { createAuth } from './auth.ts'
import { createCors } from './cors.ts'
import { createApiRouter } from './router.ts'
import { TEST_SECRET_KEY } from '../../../test/helpers/secret-key.ts'

test('requireScope inside a handler: 401 without a token, 403 without the scope, audited as the token once it holds', async () => {
  const core = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore() })
  try {
    const audited: AuditRecord[] = []
    const app = new H3()
    const api = createApiRouter(app, {
      auth: createAuth(core, { adminKey: 'k', jwtSecret: 'router-test-secret' }), cors: createCors(), bodyLimitBytes: 1000,
      log: () => {}, audit: (entry) => audited.push(entry),
    })
    api.post('/vote', async (req) => {
      const body = await req.body()
      if (body?.username) await req.requireScope('votes')
      return { counted: true }
    })
    const votes = (await core.apiTokens.create({ name: 'bot', scopes: ['votes'] })).token
    const other = (await core.apiTokens.create({ name: 'lister', scopes: ['webhooks'] })).token
    const send = async (body: unknown, token?: string) => {
      const response = await app.request('/vote', {
        method: 'POST', body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      })
      return [response.status, await response.json()]
    }
    expect(await send({ voter: 'phone-12345' })).toEqual([200, { counted: true }])
    expect(await send({ username: 'ann' })).toEqual([401, { error: 'Access token required' }])
    expect(await send({ username: 'ann' }, other)).toEqual([403, { error: 'Token lacks scope: votes' }])
    expect(await send({ username: 'ann' }, votes)).toEqual([200, { counted: true }])
    expect(audited.map(({ actor, status }) => `${actor} ${status}`)).toEqual(['token:lister 403', 'token:bot 200'])
  } finally {
    await core.close()
  }
})
