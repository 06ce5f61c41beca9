// Bodies that are valid JSON but not objects, on every route that takes a body: 400 "Request
// body must be a JSON object", and nothing changes. An empty body still means "no body".
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type SeededIds, seedEverything, snapshot, validParams } from '../helpers/api-state.ts'
import { fillPath, ROUTES } from '../helpers/routes.ts'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'

const NOT_OBJECTS = ['[1,2]', '[]', '"please do not close"', '""', '123', '0', 'true', 'false', 'null']
const BODY_ROUTES = ROUTES.filter((route) => route.body !== 'none')

let server: TestServer
let token: string
let ids: SeededIds
beforeAll(async () => {
  server = await startTestServer()
  token = await login(server.url)
  ids = await seedEverything(server.url, token)
})
afterAll(() => server.stop())

describe('a JSON body that is not an object', () => {
  test.each(BODY_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: 400, nothing changes', async (_, route) => {
    const before = await snapshot(server.url, token)
    const path = fillPath(route.path, validParams(route.path, ids))
    for (const sent of NOT_OBJECTS) {
      const { status, body } = await call(server.url, route.method, path, { token, body: sent })
      expect({ sent, status, body }).toEqual({ sent, status: 400, body: { error: 'Request body must be a JSON object' } })
    }
    expect(await snapshot(server.url, token)).toEqual(before)
  })

  test('the cases from the report: nothing starts, closes, picks or updates', async () => {
    const before = await snapshot(server.url, token)
    const requests: [string, string, string][] = [
      ['POST', '/api/sessions', '[1,2]'],
      ['POST', `/api/sessions/${ids.sessionId}/close`, '"please do not close"'],
      ['POST', '/api/pick', '123'],
      ['PUT', `/api/games/${ids.gameId}`, '[{"title":"Renamed"}]'],
    ]
    for (const [method, path, body] of requests) {
      expect((await call(server.url, method, path, { token, body })).status).toBe(400)
    }
    expect(await snapshot(server.url, token)).toEqual(before)
  })
})

describe('an empty body is no body', () => {
  test('on the routes where the body is optional', async () => {
    expect((await call(server.url, 'POST', '/api/pick', { body: '' })).status).toBe(200)
    expect((await call(server.url, 'POST', '/api/pick', { body: ' \n' })).status).toBe(200)
    const game = await call(server.url, 'PUT', `/api/games/${ids.gameId}`, { token, body: '' })
    expect(game).toMatchObject({ status: 200, body: { id: Number(ids.gameId), title: 'Gamma' } })
  })

  test('and a route that needs one says what is missing', async () => {
    const { status, body } = await call(server.url, 'POST', '/api/games', { token, body: '' })
    expect(status).toBe(400)
    expect(body.error).not.toBe('Request body must be a JSON object')
  })
})
