// Every protected route requires its scope. The routes come from the OpenAPI document (which
// another test holds against the routes the app registers), so a new route cannot be left out:
// each is called with a token of each single scope, and answers 403 "Token lacks scope: SCOPE"
// exactly where the token lacks the route's scope, and gets past auth everywhere else.
import { type Scope, SCOPES } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/sqlite'
import { createApp, listApiRoutes, loadOpenApiDocument } from '@game-picker/http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { call, createTestCore, login, startTestServer, type TestServer } from '../helpers/server.ts'

type Json = Record<string, any>
const METHODS = ['get', 'post', 'put', 'patch', 'delete']

let server: TestServer
let admin: string
const tokens = {} as Record<Scope, string>
beforeAll(async () => {
  server = await startTestServer()
  admin = await login(server.url)
  for (const scope of SCOPES) {
    const created = await call(server.url, 'POST', '/api/tokens', { token: admin, body: { name: `only-${scope}`, scopes: [scope] } })
    expect(created.status).toBe(201)
    tokens[scope] = created.body.token
  }
})
afterAll(() => server.stop())

/** Each documented operation that needs a token, with the scope it states (null: any valid token). */
async function protectedOperations() {
  const document = (await loadOpenApiDocument()) as unknown as Json
  // A token is required when every security alternative names a scheme ({} makes it optional: the event stream).
  const required = (operation: Json | undefined) =>
    operation?.security?.length > 0 && operation!.security.every((option: Json) => Object.keys(option).length > 0)
  return Object.entries<Json>(document.paths).flatMap(([path, item]) => METHODS.filter((method) => required(item[method]))
    .map((method) => ({ method: method.toUpperCase(), path, operation: item[method] as Json })))
}

// Ids that exist nowhere: a request that gets past auth answers 400 or 404 and changes little.
const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'name' ? 'No%20Such%20Pack' : '987654'))
const holds = (scope: Scope, needed: Scope) => scope === needed || scope === 'admin'

test('the document states the scope of every protected operation, as the router enforces it', async () => {
  const core = createTestCore(await createSqliteStore())
  const app = createApp(core, { jwtSecret: 'scopes-only' })
  await core.close()
  const routed = new Map(listApiRoutes(app).map((route) => [`${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`, route.scope]))
  const operations = await protectedOperations()
  expect(operations.length).toBeGreaterThan(30)
  for (const { method, path, operation } of operations) {
    const scope = operation['x-scope'] ?? null
    expect(routed.get(`${method} ${path}`), `${method} ${path}`).toBe(scope)
    expect(operation.security, `${method} ${path}`).toEqual([{ bearerAuth: scope ? [scope] : [] }])
    if (scope) expect(operation.responses['403'].description, `${method} ${path}`).toContain(`Token lacks scope: ${scope}`)
  }
  // Only the token check itself takes any token.
  expect(operations.filter(({ operation }) => !operation['x-scope']).map(({ method, path }) => `${method} ${path}`))
    .toEqual(['POST /api/auth/verify'])
})

test('a token of each single scope is refused exactly where the route needs another scope', async () => {
  const outcomes: string[] = []
  for (const { method, path, operation } of await protectedOperations()) {
    const needed: Scope | undefined = operation['x-scope']
    for (const scope of SCOPES) {
      const body = operation.requestBody ? {} : undefined
      const answer = await call(server.url, method, fill(path), { token: tokens[scope], body })
      const where = `${method} ${path} with a ${scope} token: ${answer.status} ${answer.text.slice(0, 120)}`
      if (needed && !holds(scope, needed)) {
        expect(answer.status, where).toBe(403)
        expect(answer.body, where).toEqual({ error: `Token lacks scope: ${needed}` })
        outcomes.push(`refused ${scope}`)
      } else {
        expect([401, 403], where).not.toContain(answer.status)
        expect(answer.status, where).toBeLessThan(500)
        outcomes.push(`passed ${scope}`)
      }
    }
  }
  // Every scope was refused somewhere and let through somewhere.
  for (const scope of SCOPES.filter((scope) => scope !== 'admin')) {
    expect(outcomes, scope).toContain(`refused ${scope}`)
    expect(outcomes, scope).toContain(`passed ${scope}`)
  }
  expect(outcomes).not.toContain('refused admin')
})
