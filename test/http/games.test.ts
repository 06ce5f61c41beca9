import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let token: string
const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body })

beforeAll(async () => {
  server = await startTestServer()
  token = await login(server.url)
})
afterAll(() => server.stop())

const game = (title: string, extra: Record<string, unknown> = {}) =>
  ({ pack_name: 'Party Pack', title, min_players: 3, max_players: 8, ...extra })

describe('games endpoints', () => {
  test('create, read, update, toggle, favor, delete', async () => {
    const created = await api('POST', '/api/games', game('Quiplash', { length_minutes: 20, has_audience: true }))
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ title: 'Quiplash', has_audience: 1, family_friendly: 0, enabled: 1, favor_bias: 0 })
    const id = created.body.id

    expect((await api('GET', `/api/games/${id}`)).body).toEqual(created.body)
    expect((await api('PUT', `/api/games/${id}`, { max_players: 10, enabled: false })).body)
      .toMatchObject({ max_players: 10, enabled: 0 })
    expect((await api('PATCH', `/api/games/${id}/toggle`)).body.enabled).toBe(1)
    expect(await api('PATCH', `/api/games/${id}/favor`, { favor_bias: 1 }))
      .toMatchObject({ status: 200, body: { message: expect.any(String), favor_bias: 1 } })
    expect(await api('DELETE', `/api/games/${id}`)).toMatchObject({ status: 200, body: { message: expect.any(String) } })
    expect(await api('GET', `/api/games/${id}`)).toMatchObject({ status: 404, body: { error: 'Game not found' } })
  })

  test.each([
    ['POST', '/api/games', { title: 'x' }, 400, 'Missing required fields'],
    ['POST', '/api/games', game('Bad', { min_players: 9 }), 400, 'min_players must not be greater than max_players'],
    ['PUT', '/api/games/999', { title: 'x' }, 404, 'Game not found'],
    ['DELETE', '/api/games/999', undefined, 404, 'Game not found'],
    ['PATCH', '/api/games/999/toggle', undefined, 404, 'Game not found'],
    ['PATCH', '/api/games/999/favor', { favor_bias: 1 }, 404, 'Game not found'],
    ['PATCH', '/api/games/1/favor', { favor_bias: 5 }, 400, 'favor_bias must be 1 (favor), -1 (disfavor), or 0 (neutral)'],
    ['PATCH', '/api/games/packs/Party%20Pack/favor', { favor_bias: '1' }, 400, 'favor_bias must be 1 (favor), -1 (disfavor), or 0 (neutral)'],
    ['PATCH', '/api/games/packs/Party%20Pack/toggle', {}, 400, 'enabled status required'],
    ['PATCH', '/api/games/packs/Nope/favor', { favor_bias: 1 }, 404, 'Pack not found'],
    ['PATCH', '/api/games/packs/Nope/toggle', { enabled: true }, 404, 'Pack not found'],
    ['POST', '/api/games/import/csv', {}, 400, 'CSV data required'],
  ])('%s %s %j → %i %s', async (method, path, body, status, error) => {
    await api('POST', '/api/games', game('Existing'))
    expect(await api(method, path, body)).toMatchObject({ status, body: { error } })
  })

  test('a duplicate title in a pack is 409', async () => {
    await api('POST', '/api/games', game('Twice'))
    expect(await api('POST', '/api/games', game('Twice')))
      .toMatchObject({ status: 409, body: { error: 'A game with this title already exists in this pack' } })
  })

  test('packs, pack meta, pack favor and pack toggle', async () => {
    await api('POST', '/api/games', game('Pack game 1', { pack_name: 'Second Pack' }))
    await api('POST', '/api/games', game('Pack game 2', { pack_name: 'Second Pack' }))
    const packs = (await api('GET', '/api/games/packs')).body
    expect(packs.map((pack: { name: string }) => pack.name)).toContain('Second Pack')
    expect(packs[0]).toEqual({ id: expect.any(Number), name: expect.any(String), favor_bias: 0, created_at: expect.any(String) })
    expect(await api('PATCH', '/api/games/packs/Second%20Pack/toggle', { enabled: false }))
      .toMatchObject({ status: 200, body: { gamesAffected: 2, message: expect.any(String) } })
    expect(await api('PATCH', '/api/games/packs/Second%20Pack/favor', { favor_bias: -1 }))
      .toMatchObject({ status: 200, body: { favor_bias: -1 } })
    const meta = (await api('GET', '/api/games/meta/packs')).body
    expect(meta.find((pack: { name: string }) => pack.name === 'Second Pack'))
      .toEqual({ name: 'Second Pack', total_count: 2, enabled_count: 0, total_plays: 0 })
    const listed = (await call(server.url, 'GET', '/api/games?pack=Second%20Pack&enabled=false')).body
    expect(listed).toHaveLength(2)
  })

  test('CSV export is a download; import appends, then replace removes the rest', async () => {
    const exported = await api('GET', '/api/games/export/csv')
    expect(exported.headers.get('content-type')).toContain('text/csv')
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="games-export-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(exported.text.split('\n')[0])
      .toBe('Pack Name,Title,Min Players,Max Players,Length (minutes),Audience,Family Friendly,Game Type,Secondary Type,Ticker')
    const csvData = 'Pack Name,Title,Min Players,Max Players\nCSV Pack,Only One,2,4\n'
    expect((await api('POST', '/api/games/import/csv', { csvData })).body)
      .toEqual({ message: 'Successfully imported 1 games', count: 1, mode: 'append' })
    expect((await api('POST', '/api/games/import/csv', { csvData: 'Pack Name,Title,Min Players,Max Players\nX,Y,z,4\n' })))
      .toMatchObject({ status: 400, body: { error: 'Row 2: min_players must be an integer' } })
    expect((await api('POST', '/api/games/import/csv', { csvData, mode: 'replace' })).body.mode).toBe('replace')
    expect((await api('GET', '/api/games')).body.map((g: { title: string }) => g.title)).toEqual(['Only One'])
  })
})
