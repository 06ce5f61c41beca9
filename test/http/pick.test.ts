// POST /api/pick beyond the contract over a real server: count, audienceOverflow, packs and
// explain, the exact 400 of every bad value, and the contract's shape when none is given.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { call, startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
const pick = (body?: unknown) => call(server.url, 'POST', '/api/pick', { body })

beforeAll(async () => {
  server = await startTestServer()
  await server.core.importBuiltin()
})
afterAll(() => server.stop())

describe('POST /api/pick beyond the contract', () => {
  test('without the new fields the answer has exactly the contract keys, its game as GET /api/games/{id} shows it', async () => {
    for (const body of [undefined, {}, { playerCount: 6 }, { playerCount: 6, count: null, explain: false, audienceOverflow: false }]) {
      const { status, body: result } = await pick(body)
      expect(status).toBe(200)
      expect(Object.keys(result)).toEqual(['game', 'poolSize', 'totalEnabled'])
      const game = await call(server.url, 'GET', `/api/games/${result.game.id}`)
      expect(JSON.stringify(result.game)).toBe(JSON.stringify(game.body))
    }
  })

  test('count, packs, audienceOverflow and explain together', async () => {
    const packs = ['The Jackbox Party Pack 3', 'The Jackbox Party Pack 7']
    const { status, body } = await pick({ playerCount: 10, packs, audienceOverflow: true, count: 3, explain: true })
    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(['game', 'poolSize', 'totalEnabled', 'games', 'odds'])
    expect(body.games).toHaveLength(3)
    expect(new Set(body.games.map((game: { id: number }) => game.id)).size).toBe(3)
    expect(body.game).toEqual(body.games[0])
    expect(body.odds).toHaveLength(body.poolSize)
    for (const entry of body.odds) {
      expect(Object.keys(entry)).toEqual(['id', 'title', 'pack_name', 'weight', 'probability'])
      expect(packs).toContain(entry.pack_name)
    }
    for (const game of body.games) {
      expect(packs).toContain(game.pack_name)
      expect(game.min_players <= 10 && (game.max_players >= 10 || game.has_audience === 1)).toBe(true)
    }
    expect(body.odds.reduce((sum: number, entry: { probability: number }) => sum + entry.probability, 0)).toBeCloseTo(1, 9)
    // Every game of those packs stops at 8 players: without the audience none takes 10.
    expect(await pick({ playerCount: 10, packs })).toMatchObject({ status: 404, body: { error: 'No games match the current filters' } })
  })

  test.each([
    [{ count: 0 }, 'count must be an integer from 1 to 10'],
    [{ count: 11 }, 'count must be an integer from 1 to 10'],
    [{ count: 1.5 }, 'count must be an integer from 1 to 10'],
    [{ count: '3' }, 'count must be an integer from 1 to 10'],
    [{ packs: [] }, 'packs must be a non-empty array of pack names'],
    [{ packs: 'The Jackbox Party Pack 3' }, 'packs must be a non-empty array of pack names'],
    [{ packs: [3] }, 'packs must be a non-empty array of pack names'],
    [{ packs: ['The Jackbox Party Pack 3', 'Uno'] }, 'Unknown pack: Uno'],
    [{ packs: ['the jackbox party pack 3'] }, 'Unknown pack: the jackbox party pack 3'],
    [{ audienceOverflow: 'true' }, 'audienceOverflow must be a boolean'],
    [{ audienceOverflow: 1 }, 'audienceOverflow must be a boolean'],
    [{ explain: 'yes' }, 'explain must be a boolean'],
    [{ explain: null }, 'explain must be a boolean'],
  ])('%j answers 400 %s', async (body, error) => {
    expect(await pick(body)).toMatchObject({ status: 400, body: { error } })
  })

  test('a refused pack changes nothing', async () => {
    const read = () => Promise.all(['/api/games', '/api/games/packs', '/api/games/meta/packs', '/api/stats']
      .map(async (path) => (await call(server.url, 'GET', path)).text))
    const before = await read()
    expect((await pick({ packs: ['Nope'], count: 3 })).status).toBe(400)
    expect(await read()).toEqual(before)
  })
})
