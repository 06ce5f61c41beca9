// API tokens over the API: created with scopes and shown once, stored hashed, listed without the
// token, usable as Bearer and as access_token on the event stream, refused once revoked (on
// every server sharing the store, from the next request) or expired.
import { createHash } from 'node:crypto'
import { createCore, type Store } from '@game-picker/core'
import { startServer } from '@game-picker/http'
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { connectEvents } from '../helpers/event-client.ts'
import { ADMIN_KEY, call, login, openSharedStores, openTestStore, startTestServer, type TestServer } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await login(server.url)
})
afterAll(() => server.stop())

const create = (body: unknown, token = admin) => call(server.url, 'POST', '/api/tokens', { token, body })

describe('POST /api/tokens', () => {
  test('answers 201 with a gp_ token shown this once; the list never shows it and the store keeps only its hash', async () => {
    const created = await create({ name: 'chat bot', scopes: ['votes', 'votes'] })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name: 'chat bot', scopes: ['votes'], expires_at: null, last_used_at: null })
    expect(created.body.token).toMatch(/^gp_[A-Za-z0-9_-]{43}$/)
    const listed = await call(server.url, 'GET', '/api/tokens', { token: admin })
    const { token, ...shown } = created.body
    expect(listed.body[0]).toEqual(shown)
    expect(listed.text).not.toContain(token)
    const stored = await server.core.store.read((tx) => tx.findApiToken(createHash('sha256').update(token).digest('hex')))
    expect(stored).toMatchObject({ id: created.body.id, name: 'chat bot' })
    expect(JSON.stringify(stored)).not.toContain(token)
  })

  test.each([
    [{ scopes: ['votes'] }, 'name must be 1 to 64 characters'],
    [{ name: 'x'.repeat(65), scopes: ['votes'] }, 'name must be 1 to 64 characters'],
    [{ name: 'bot' }, 'scopes must be a non-empty list'],
    [{ name: 'bot', scopes: [] }, 'scopes must be a non-empty list'],
    [{ name: 'bot', scopes: ['votes', 'root'] }, 'Unknown scope: root'],
    [{ name: 'bot', scopes: ['votes'], expiresInDays: 0 }, 'expiresInDays must be an integer from 1 to 3650'],
    [{ name: 'bot', scopes: ['votes'], expiresInDays: 1.5 }, 'expiresInDays must be an integer from 1 to 3650'],
    [{ name: 'bot', scopes: ['votes'], expiresInDays: 3651 }, 'expiresInDays must be an integer from 1 to 3650'],
  ])('refuses %j with 400 and creates nothing', async (body, error) => {
    const before = (await call(server.url, 'GET', '/api/tokens', { token: admin })).body.length
    expect(await create(body)).toMatchObject({ status: 400, body: { error } })
    expect((await call(server.url, 'GET', '/api/tokens', { token: admin })).body).toHaveLength(before)
  })

  test('needs the scope admin: a votes token cannot make itself more tokens', async () => {
    const bot = (await create({ name: 'bot', scopes: ['votes'] })).body.token
    expect(await create({ name: 'more', scopes: ['admin'] }, bot)).toMatchObject({ status: 403, body: { error: 'Token lacks scope: admin' } })
    expect((await call(server.url, 'GET', '/api/audit', { token: bot })).status).toBe(403)
  })
})

describe('using a token', () => {
  test('works as Bearer where its scope is needed, verify names it, last_used_at is noted', async () => {
    // On a server of its own whose clock the test sets: the time noted is the time of the use.
    let now = Date.parse('2026-11-22T20:00:00.000Z')
    const clocked = await startTestServer({ now: () => new Date(now) })
    onTestFinished(() => clocked.stop())
    const owner = await login(clocked.url)
    const { body: { token, id } } = await call(clocked.url, 'POST', '/api/tokens', { token: owner, body: { name: 'catalogue helper', scopes: ['catalogue'] } })
    now += 90_000
    expect(await call(clocked.url, 'POST', '/api/auth/verify', { token }))
      .toMatchObject({ status: 200, body: { valid: true, user: { role: 'token', name: 'catalogue helper', scopes: ['catalogue'] } } })
    const game = await call(clocked.url, 'POST', '/api/games', { token, body: { pack_name: 'P', title: 'T', min_players: 1, max_players: 4 } })
    expect(game.status).toBe(201)
    expect(await call(clocked.url, 'POST', '/api/sessions', { token })).toMatchObject({ status: 403, body: { error: 'Token lacks scope: sessions' } })
    const listed = async () => (await call(clocked.url, 'GET', '/api/tokens', { token: owner })).body.find((t: { id: number }) => t.id === id)
    expect(await until(listed, (t) => t.last_used_at !== null))
      .toMatchObject({ created_at: '2026-11-22T20:00:00.000Z', last_used_at: '2026-11-22T20:01:30.000Z' })
  })

  test('revoked: 403 "Invalid or expired token" from the next request; a second revoke is 404', async () => {
    const { body: { token, id } } = await create({ name: 'short lived', scopes: ['sessions'] })
    expect((await call(server.url, 'POST', '/api/auth/verify', { token })).status).toBe(200)
    expect(await call(server.url, 'DELETE', `/api/tokens/${id}`, { token: admin })).toMatchObject({ status: 200, body: { message: 'Token revoked' } })
    expect(await call(server.url, 'POST', '/api/auth/verify', { token })).toMatchObject({ status: 403, body: { error: 'Invalid or expired token' } })
    expect(await call(server.url, 'DELETE', `/api/tokens/${id}`, { token: admin })).toMatchObject({ status: 404, body: { error: 'Token not found' } })
    expect((await call(server.url, 'GET', '/api/tokens', { token: admin })).body.map((t: { id: number }) => t.id)).not.toContain(id)
  })

  test('an unknown gp_ token is 403, like any bad token', async () => {
    expect(await call(server.url, 'POST', '/api/auth/verify', { token: 'gp_nothing' })).toMatchObject({ status: 403, body: { error: 'Invalid or expired token' } })
  })

  test('on the event stream: a votes token sees who voted, a token without votes does not, a bad one is 403', async () => {
    const votes = (await create({ name: 'overlay', scopes: ['votes'] })).body.token
    const other = (await create({ name: 'lister', scopes: ['webhooks'] })).body.token
    const game = (await call(server.url, 'POST', '/api/games', { token: admin, body: { pack_name: 'S', title: 'Stream', min_players: 1, max_players: 4 } })).body
    const withVotes = connectEvents(server.url, `?events=vote.received&access_token=${votes}`)
    const without = connectEvents(server.url, '?events=vote.received', { authorization: `Bearer ${other}` })
    await Promise.all([withVotes.opened, without.opened])
    const session = (await call(server.url, 'POST', '/api/sessions', { token: admin })).body
    await call(server.url, 'POST', `/api/sessions/${session.id}/games`, { token: admin, body: { game_id: game.id } })
    expect((await call(server.url, 'POST', '/api/votes/live', { token: votes, body: { username: 'ann', vote: 'up', timestamp: new Date().toISOString() } })).status).toBe(200)
    const [seen] = await withVotes.until(1)
    const [hidden] = await without.until(1)
    expect(JSON.parse(seen.data).data.vote.username).toBe('ann')
    expect(JSON.parse(hidden.data).data.vote).not.toHaveProperty('username')
    await call(server.url, 'POST', `/api/sessions/${session.id}/close`, { token: admin })
    expect((await fetch(`${server.url}/api/events?access_token=gp_revoked_or_never`)).status).toBe(403)
  })
})

test('an expired token is refused', async () => {
  let now = Date.parse('2026-03-01T12:00:00Z')
  const core = createCore({ secretKey: TEST_SECRET_KEY, store: await openTestStore(), now: () => new Date(now) })
  const running = await startServer({ core, adminKey: ADMIN_KEY, port: 0, log: () => {} })
  try {
    const token = (await call(running.url, 'POST', '/api/tokens', { token: await login(running.url), body: { name: 'day', scopes: ['votes'], expiresInDays: 1 } })).body
    expect(token.expires_at).toBe('2026-03-02T12:00:00.000Z')
    now += 24 * 60 * 60_000 - 1
    expect((await call(running.url, 'POST', '/api/auth/verify', { token: token.token })).status).toBe(200)
    now += 1
    expect(await call(running.url, 'POST', '/api/auth/verify', { token: token.token })).toMatchObject({ status: 403, body: { error: 'Invalid or expired token' } })
  } finally {
    await running.close()
    await core.close()
  }
})

test('a token revoked on one server is refused by another sharing the store, from the next request', async () => {
  const stores: Store[] = await openSharedStores(2)
  const servers = await Promise.all(stores.map((store, i) =>
    startServer({ core: createCore({ secretKey: TEST_SECRET_KEY, store, instanceId: `server-${i}` }), adminKey: ADMIN_KEY, port: 0, log: () => {} })))
  try {
    const [a, b] = servers.map((s) => s.url)
    const adminA = await login(a)
    const { body: { token, id } } = await call(a, 'POST', '/api/tokens', { token: adminA, body: { name: 'bot', scopes: ['votes'] } })
    // B has checked (and cached) the token before the revoke.
    for (let i = 0; i < 3; i++) expect((await call(b, 'POST', '/api/auth/verify', { token })).status).toBe(200)
    expect((await call(a, 'DELETE', `/api/tokens/${id}`, { token: adminA })).status).toBe(200)
    expect(await call(b, 'POST', '/api/auth/verify', { token })).toMatchObject({ status: 403, body: { error: 'Invalid or expired token' } })
  } finally {
    await Promise.all(servers.map((s) => s.close()))
  }
})
