// Nothing secret leaks into the audit log or the server's output: after a run that touches every
// kind of secret (the admin key, a wrong key, a login token, an API token, a webhook secret, in
// headers, bodies and the event stream's query), none of them is in the audit log's answers,
// in the database's audit and token rows, or in what `serve` printed.
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { assertCliBuilt, createTempDir, startServe } from '../helpers/cli.ts'
import { respondWith, startReceiver } from '../helpers/receiver.ts'
import { call, openTestStore } from '../helpers/server.ts'

const temp = createTempDir()
beforeAll(assertCliBuilt)
afterAll(temp.remove)

const secret = (label: string) => `${label}-${randomBytes(12).toString('hex')}`

test('after a full run, no key, token or webhook secret is in the audit log, its rows or the server output', async () => {
  const adminKey = secret('admin-key')
  const wrongKey = secret('wrong-key')
  const webhookSecret = secret('hook-secret')
  const newWebhookSecret = secret('hook-secret-2')
  const receiver = await startReceiver(respondWith(200))
  const server = await startServe(['--db', 'secrets.sqlite'], { cwd: temp.path, env: { ADMIN_KEY: adminKey } })
  let stopped = false
  try {
    const { url } = server
    const jwt = (await call(url, 'POST', '/api/auth/login', { body: { key: adminKey } })).body.token
    expect((await call(url, 'POST', '/api/auth/login', { body: { key: wrongKey } })).status).toBe(401)
    const hook = await call(url, 'POST', '/api/webhooks', { token: jwt, body: { name: 'h', url: receiver.url, secret: webhookSecret, events: ['vote.received'] } })
    expect(hook.status).toBe(201)
    await call(url, 'PATCH', `/api/webhooks/${hook.body.id}`, { token: jwt, body: { secret: newWebhookSecret } })
    await call(url, 'POST', `/api/webhooks/test/${hook.body.id}`, { token: jwt })
    const made = await call(url, 'POST', '/api/tokens', { token: jwt, body: { name: 'bot', scopes: ['votes', 'sessions', 'catalogue'] } })
    const apiToken: string = made.body.token
    const game = await call(url, 'POST', '/api/games', { token: apiToken, body: { pack_name: 'P', title: 'T', min_players: 1, max_players: 4 } })
    // Secrets where they do not belong: in a body that is refused, in the event stream's query.
    await call(url, 'POST', '/api/games', { token: apiToken, body: { pack_name: adminKey, title: apiToken, min_players: 'x' } })
    const session = await call(url, 'POST', '/api/sessions', { token: apiToken, body: { notes: 'n' } })
    await call(url, 'POST', `/api/sessions/${session.body.id}/games`, { token: apiToken, body: { game_id: game.body.id } })
    await call(url, 'POST', '/api/votes/live', { token: apiToken, body: { username: 'ann', vote: 'up', timestamp: new Date().toISOString() } })
    const stream = await fetch(`${url}/api/events?access_token=${apiToken}`)
    expect(stream.status).toBe(200)
    await stream.body?.cancel()
    await call(url, 'POST', '/api/auth/verify', { token: apiToken })
    await call(url, 'DELETE', `/api/tokens/${made.body.id}`, { token: jwt })
    expect((await call(url, 'POST', `/api/sessions/${session.body.id}/close`, { token: apiToken })).status).toBe(403)

    const answers = [
      (await call(url, 'GET', '/api/audit?limit=500', { token: jwt })).text,
      (await call(url, 'GET', '/api/tokens', { token: jwt })).text,
      (await call(url, 'GET', `/api/webhooks/${hook.body.id}`, { token: jwt })).text,
    ]
    const audited = JSON.parse(answers[0]) as { actor: string; path: string; status: number }[]
    expect(audited.map((entry) => `${entry.actor} ${entry.path} ${entry.status}`)).toEqual(expect.arrayContaining([
      'anonymous /api/auth/login 401', 'admin /api/webhooks 201', 'token:bot /api/games 201', 'token:bot /api/games 400',
      'admin /api/tokens 201', 'token:bot /api/votes/live 200',
    ]))

    const output = await server.stop()
    stopped = true
    const store = await openTestStore(resolve(temp.path, 'secrets.sqlite'))
    const rows = await store.read(async (tx) => JSON.stringify([await tx.listAuditEntries(500, null), await tx.listApiTokens()]))
    await store.close()
    expect(rows).toContain('token:bot')

    const places = { 'the audit API': answers.join('\n'), 'the database rows': rows, stdout: output.stdout, stderr: output.stderr }
    for (const [where, text] of Object.entries(places)) {
      for (const [what, value] of Object.entries({ adminKey, wrongKey, webhookSecret, newWebhookSecret, apiToken, jwt })) {
        expect(text.includes(value), `${what} in ${where}`).toBe(false)
      }
    }
  } finally {
    if (!stopped) await server.stop()
  }
})
