import { createCore } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/sqlite'
import { H3 } from 'h3'
import { afterEach, expect, test, vi } from 'vitest'
import { createAuth } from './auth.ts'
import { TEST_SECRET_KEY } from '../../../test/helpers/secret-key.ts'

afterEach(() => void vi.useRealTimers())

test('a remembered token still expires after 24 hours', async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-22T20:00:00Z') })
  const core = createCore({ secretKey: TEST_SECRET_KEY, store: await createSqliteStore() })
  const auth = createAuth(core, { adminKey: 'k', jwtSecret: 'secret' })
  const app = new H3()
  app.post('/login', async (event) => auth.login(event, 'k'))
  app.get('/check', async (event) => auth.authenticate(event).then((principal) => principal.user, (failure) => failure.body))

  const { token } = (await (await app.request('/login', { method: 'POST' })).json()) as { token: string }
  const check = async () => (await app.request('/check', { headers: { authorization: `Bearer ${token}` } })).json()
  expect(await check()).toMatchObject({ role: 'admin' })
  vi.setSystemTime(Date.parse('2026-11-23T19:59:00Z'))
  expect(await check()).toMatchObject({ role: 'admin' })
  vi.setSystemTime(Date.parse('2026-11-23T20:00:01Z'))
  expect(await check()).toEqual({ error: 'Invalid or expired token' })
})
