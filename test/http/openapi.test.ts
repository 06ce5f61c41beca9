import { compileErrors, validate } from '@readme/openapi-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { EVENT_TYPES } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/sqlite'
import { createApp, listApiRoutes, loadOpenApiDocument } from '@game-picker/http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { call, createTestCore, login, startTestServer, type TestServer } from '../helpers/server.ts'


type Json = Record<string, any>
const METHODS = ['get', 'post', 'put', 'patch', 'delete']

let server: TestServer
let document: Json
beforeAll(async () => {
  server = await startTestServer()
  document = await loadOpenApiDocument()
})
afterAll(() => server.stop())

/** `METHOD /path/{param}` for every operation of the document. */
const documentedOperations = () => Object.entries<Json>(document.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`))

async function registeredRoutes() {
  const core = createTestCore(await createSqliteStore())
  const app = createApp(core, { jwtSecret: 'routes-only' })
  await core.close()
  // h3 writes a parameter `:id`, OpenAPI `{id}`.
  return listApiRoutes(app).map((route) => ({ ...route, key: `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}` }))
}

describe('the OpenAPI document', () => {
  test('is served at /api/openapi.json as OpenAPI 3.1, version 1.0, and passes the validator', async () => {
    const served = await call(server.url, 'GET', '/api/openapi.json')
    expect(served.status).toBe(200)
    expect(served.body).toEqual(JSON.parse(JSON.stringify(document)))
    expect(served.body).toMatchObject({ openapi: '3.1.0', info: { version: '1.0' } })
    const result = await validate(structuredClone(served.body) as never)
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
    expect(result.warnings).toEqual([])
  })

  test('describes every route the app registers, and no route that does not exist', async () => {
    const routes = (await registeredRoutes()).map((route) => route.key)
    const documented = documentedOperations()
    expect(routes.length).toBeGreaterThan(40)
    expect(routes.filter((route) => !documented.includes(route)), 'routes missing from the document').toEqual([])
    expect(documented.filter((operation) => !routes.includes(operation)), 'documented operations without a route').toEqual([])
  })

  test('gives each route its real success status and its auth: bearer with 401 and 403 exactly on admin routes', async () => {
    for (const route of await registeredRoutes()) {
      const [method, path] = route.key.split(' ')
      const operation = document.paths[path][method.toLowerCase()]
      expect(Object.keys(operation.responses), route.key).toContain(String(route.status))
      // A token is required when every security alternative names a scheme ({} makes it optional).
      const security: Json[] = operation.security ?? []
      expect(security.length > 0 && security.every((option) => Object.keys(option).length > 0), route.key).toBe(route.admin)
      // Optional auth (a public route where a token shows or allows more): 403 for a bad token,
      // and 401 only where some requests need one (a poll vote by username).
      const optional = security.some((option) => Object.keys(option).length === 0) && security.length > 1
      if (optional) expect('403' in operation.responses, route.key).toBe(true)
      else expect('401' in operation.responses && '403' in operation.responses, route.key).toBe(route.admin)
    }
  })

  test('lists every webhook event type the core emits, as webhooks and in the EventType enum', () => {
    const documented: string[] = document.components.schemas.EventType.enum
    expect(Object.keys(document.webhooks)).toEqual(documented)
    expect(documented).toEqual([...EVENT_TYPES])
  })

  test('every error answer has an `error` body, and every operation answers 500 the same way', () => {
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      for (const method of METHODS.filter((name) => item[name])) {
        const responses: Json = item[method].responses
        expect(responses['500'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Error500' })
        for (const [status, response] of Object.entries<Json>(responses)) {
          if (Number(status) < 400 || response.$ref) continue
          const schema = response.content['application/json'].schema.$ref as string
          expect(document.components.schemas[schema.split('/').pop()!].required, `${method} ${path} ${status}`).toContain('error')
        }
      }
    }
  })
})

describe('answers the other HTTP tests do not reach', () => {
  let token: string
  beforeAll(async () => {
    token = await login(server.url)
    for (const title of ['First', 'Second']) {
      await call(server.url, 'POST', '/api/games', { token, body: { pack_name: 'P', title, min_players: 2, max_players: 4 } })
    }
    await call(server.url, 'POST', '/api/sessions', { token })
    await call(server.url, 'POST', '/api/webhooks', { token, body: { name: 'w', url: 'http://127.0.0.1:9/', secret: 's', events: ['game.added'] } })
  })

  // `call` holds each answer against the document; here only the status is asserted.
  test.each([
    ['GET', '/api/sessions/1', undefined, 200],
    ['GET', '/api/sessions/abc', undefined, 400],
    ['GET', '/api/sessions/abc/games', undefined, 400],
    ['PUT', '/api/games/1', { title: 'Second' }, 409],
    ['PUT', '/api/games/1', { min_players: 9 }, 400],
    ['PATCH', '/api/games/abc/toggle', undefined, 400],
    ['DELETE', '/api/games/abc', undefined, 400],
    ['POST', '/api/webhooks', { name: 'w' }, 400],
    ['GET', '/api/webhooks/999', undefined, 404],
    ['PATCH', '/api/webhooks/999', { name: 'x' }, 404],
    ['PATCH', '/api/webhooks/1', {}, 400],
    ['DELETE', '/api/webhooks/999', undefined, 404],
    ['POST', '/api/webhooks/test/999', undefined, 404],
    ['POST', '/api/sessions/1/games/999/stop-player-check', undefined, 404],
    ['DELETE', '/api/sessions/1/games/abc', undefined, 400],
  ])('%s %s %j → %i', async (method, path, body, status) => {
    expect((await call(server.url, method, path, { token, body })).status).toBe(status)
  })

  test('every query parameter takes an empty value as absent: the document accepts it, the server answers as without it', async () => {
    const ajv = new Ajv2020({ strict: false })
    const checked: string[] = []
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      const query = ((item.get?.parameters ?? []) as Json[]).filter((parameter) => parameter.in === 'query')
      if (query.length === 0) continue
      for (const parameter of query) expect(ajv.validate(parameter.schema, ''), `${path} ${parameter.name}`).toBe(true)
      if (item.get.responses['200'].content?.['text/event-stream']) continue
      const url = path.replace(/\{\w+\}/g, '1')
      const empty = `${url}?${query.map((parameter) => `${parameter.name}=`).join('&')}`
      const [without, withEmpty] = await Promise.all([call(server.url, 'GET', url, { token }), call(server.url, 'GET', empty, { token })])
      expect(withEmpty.status, empty).toBe(without.status)
      expect(withEmpty.status, empty).toBeLessThan(300)
      checked.push(path)
    }
    expect(checked).toEqual(expect.arrayContaining(['/api/polls', '/api/games', '/api/audit', '/api/votes', '/api/sessions']))
  })
})

describe('the /docs reference page', () => {
  test('loads, and every asset it references is local and answers 200', async () => {
    const page = await call(server.url, 'GET', '/docs')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const references = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1])
    expect(references.length).toBeGreaterThanOrEqual(3)
    for (const reference of references) {
      expect(reference, 'a path on this server').toMatch(/^\/(?!\/)/)
      const asset = await fetch(server.url + reference)
      expect(asset.status, reference).toBe(200)
      expect(asset.headers.get('content-type'), reference).toBe(reference.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8')
      expect((await asset.text()).length, reference).toBeGreaterThan(0)
    }
  })

  test('serves Swagger UI\'s own files, copied into the package by its build', async () => {
    const bundle = await fetch(`${server.url}/docs/assets/swagger-ui-bundle.js`)
    expect(bundle.status).toBe(200)
    expect(await bundle.text()).toContain('SwaggerUIBundle')
    const css = await fetch(`${server.url}/docs/assets/swagger-ui.css`)
    expect(css.status).toBe(200)
    expect(await css.text()).toMatch(/^\.swagger-ui\{/)
  })

  test('the stylesheet loads no remote fonts or images, and the script reads the local document', async () => {
    const css = await (await fetch(`${server.url}/docs/assets/swagger-ui.css`)).text()
    expect(css).not.toMatch(/url\(\s*["']?(https?:)?\/\//)
    expect(css).not.toMatch(/@import/)
    const script = await (await fetch(`${server.url}/docs/assets/reference.js`)).text()
    expect(script).toContain("url: '/api/openapi.json'")
    expect(script).toContain('validatorUrl: null')
  })

  test('an unknown asset is a 404 in the API\'s error shape', async () => {
    expect(await call(server.url, 'GET', '/docs/assets/../../package.json')).toMatchObject({ status: 404 })
    expect(await call(server.url, 'GET', '/docs/assets/index.html')).toMatchObject({ status: 404, body: { error: 'Not found' } })
    expect(await call(server.url, 'GET', '/docs/assets/constructor')).toMatchObject({ status: 404, body: { error: 'Not found' } })
  })
})
