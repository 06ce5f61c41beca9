// The audit log: every authenticated request that may change something (whatever its answer)
// and every failed login, as { id, at, actor, method, path, status }, newest first, paged by id.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await login(server.url)
})
afterAll(() => server.stop())

const audit = async (query = '') => {
  const answer = await call(server.url, 'GET', `/api/audit${query}`, { token: admin })
  expect(answer.status).toBe(200)
  return answer.body as { id: number; at: string; actor: string; method: string; path: string; status: number }[]
}
const shape = (entries: Awaited<ReturnType<typeof audit>>) => entries.map(({ actor, method, path, status }) => `${actor} ${method} ${path} ${status}`)

test('records changes by the admin and by tokens with their status, failed logins as anonymous; reads and checks are not recorded', async () => {
  const bot = (await call(server.url, 'POST', '/api/tokens', { token: admin, body: { name: 'chat bot', scopes: ['votes'] } })).body
  const since = (await audit('?limit=1'))[0].id
  await call(server.url, 'POST', '/api/sessions', { token: admin })
  await call(server.url, 'POST', '/api/sessions', { token: admin }) // 400: one is active
  await call(server.url, 'POST', '/api/votes/live', { token: bot.token, body: { username: 'ann', vote: 'up', timestamp: new Date().toISOString() } })
  await call(server.url, 'POST', '/api/sessions', { token: bot.token }) // 403: lacks the scope
  await call(server.url, 'GET', '/api/sessions', { token: admin })
  await call(server.url, 'GET', '/api/webhooks', { token: admin })
  await call(server.url, 'POST', '/api/auth/verify', { token: bot.token })
  await call(server.url, 'POST', '/api/auth/login', { body: { key: 'not the key' } })
  await call(server.url, 'POST', '/api/auth/login', { body: '{"key":' })
  await call(server.url, 'POST', '/api/games', { token: 'gp_unknown', body: {} }) // no one: not authenticated
  await login(server.url) // a success is not a failure

  const entries = (await audit()).filter((entry) => entry.id > since)
  expect(shape(entries)).toEqual([
    'anonymous POST /api/auth/login 400',
    'anonymous POST /api/auth/login 401',
    'token:chat bot POST /api/sessions 403',
    'token:chat bot POST /api/votes/live 404',
    'admin POST /api/sessions 400',
    'admin POST /api/sessions 201',
  ])
  const ids = entries.map((entry) => entry.id)
  expect(ids).toEqual([...ids].sort((a, b) => b - a))
  for (const entry of entries) expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000)
})

test('pages newest first with limit and before; refuses a bad limit or before with 400', async () => {
  for (let i = 0; i < 5; i++) await call(server.url, 'PATCH', `/api/games/${900 + i}/toggle`, { token: admin })
  const newest = await audit('?limit=3')
  expect(newest).toHaveLength(3)
  expect(newest.map((entry) => entry.path)).toEqual(['/api/games/904/toggle', '/api/games/903/toggle', '/api/games/902/toggle'])
  const next = await audit(`?limit=2&before=${newest[2].id}`)
  expect(next.map((entry) => entry.path)).toEqual(['/api/games/901/toggle', '/api/games/900/toggle'])
  expect((await audit()).length).toBeLessThanOrEqual(100)
  for (const [query, error] of [['?limit=0', 'limit must be an integer from 1 to 500'], ['?limit=501', 'limit must be an integer from 1 to 500'],
    ['?limit=x', 'limit must be an integer from 1 to 500'], ['?before=0', 'before must be a positive integer'], ['?before=-3', 'before must be a positive integer']]) {
    expect(await call(server.url, 'GET', `/api/audit${query}`, { token: admin }), query).toMatchObject({ status: 400, body: { error } })
  }
})

test('keeps the path without its query string', async () => {
  await call(server.url, 'POST', '/api/sessions/1/close?access_token=secret-looking', { token: admin })
  expect((await audit('?limit=1'))[0].path).toBe('/api/sessions/1/close')
})
