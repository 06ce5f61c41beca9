// The room autopilot's API against the fake room service: app tags on games (and the bundled
// ones), POST /api/sessions/{id}/rooms with every answer, and the room view.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { type FakeEcast, startFakeEcast } from '../helpers/fake-ecast.ts'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'

let ecast: FakeEcast
let server: TestServer
let token: string
const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body })

beforeAll(async () => {
  ecast = await startFakeEcast()
  server = await startTestServer({ ecastUrl: ecast.url })
  token = await login(server.url)
})
afterAll(async () => {
  await server.stop()
  await ecast.close()
})

const game = (pack: string, title: string, app_tags?: unknown) =>
  ({ pack_name: pack, title, min_players: 3, max_players: 8, ...(app_tags === undefined ? {} : { app_tags }) })

let sessionId: number
/** Closes the active session, if any: its rooms are followed no more. */
async function closeActive() {
  const active = (await api('GET', '/api/sessions/active')).body
  if (active.id) await api('POST', `/api/sessions/${active.id}/close`)
}
async function freshSession() {
  await closeActive()
  sessionId = (await api('POST', '/api/sessions')).body.id
}
afterEach(closeActive)

describe('app tags', () => {
  test('a game has [] by default; POST and PUT set them; each tag once', async () => {
    const plain = await api('POST', '/api/games', game('Tags', 'Plain'))
    expect(plain).toMatchObject({ status: 201, body: { app_tags: [] } })
    const tagged = await api('POST', '/api/games', game('Tags', 'Tagged', ['tagged', 'tagged-tjsp', 'tagged']))
    expect(tagged.body.app_tags).toEqual(['tagged', 'tagged-tjsp'])
    expect((await api('PUT', `/api/games/${plain.body.id}`, { app_tags: ['plain2'] })).body.app_tags).toEqual(['plain2'])
    expect((await api('PUT', `/api/games/${plain.body.id}`, { title: 'Plain!' })).body.app_tags).toEqual(['plain2'])
    expect((await api('GET', `/api/games/${tagged.body.id}`)).body.app_tags).toEqual(['tagged', 'tagged-tjsp'])
  })

  test.each([
    ['not an array', 'quiplash'], ['null', null], ['upper case', ['Quiplash']], ['a space', ['quip lash']],
    ['one character', ['q']], ['41 characters', ['q'.repeat(41)]], ['a number', [3]], ['an underscore', ['a_b']],
  ])('400 for app_tags %s, and nothing changes', async (_, app_tags) => {
    const error = { status: 400, body: { error: 'app_tags must be an array of lowercase tags' } }
    expect(await api('POST', '/api/games', game('Bad', `Bad ${JSON.stringify(app_tags)}`, app_tags))).toMatchObject(error)
    expect((await api('GET', '/api/games?pack=Bad')).body).toEqual([])
    const id = (await api('POST', '/api/games', game('Tags', `Good ${JSON.stringify(app_tags)}`, ['good']))).body.id
    expect(await api('PUT', `/api/games/${id}`, { app_tags, title: 'Renamed' })).toMatchObject(error)
    expect((await api('GET', `/api/games/${id}`)).body).toMatchObject({ app_tags: ['good'], title: `Good ${JSON.stringify(app_tags)}` })
  })

  test('the bundled catalogue carries the bundled tags, several per game and one tag on two games', async () => {
    await server.core.importBuiltin()
    const games = (await api('GET', '/api/games')).body as { pack_name: string; title: string; app_tags: string[] }[]
    const tags = (title: string) => games.find((g) => g.title === title)!.app_tags
    expect(tags('Tee K.O.')).toEqual(['awshirt', 'awshirt-tjsp'])
    expect(tags('Drawful 2')).toEqual(['drawful2international', 'drawful2'])
    expect(tags('Quiplash XL')).toEqual(['quiplash'])
    expect(tags('Quiplash')).toEqual(['quiplash'])
    expect(tags('Hear Say')).toEqual([]) // unknown: blank
    // The CSV export keeps its columns.
    const csv = (await call(server.url, 'GET', '/api/games/export/csv', { token })).text
    expect(csv.split('\n')[0]).toBe('Pack Name,Title,Min Players,Max Players,Length (minutes),Audience,Family Friendly,Game Type,Secondary Type,Ticker')
  })
})

describe('POST /api/sessions/{id}/rooms', () => {
  test.each([[undefined], [null], [42], ['ab'], ['ABCDE'], ['AB-D'], [' ABCD']])('400 for room_code %j, nothing added', async (room_code) => {
    await freshSession()
    expect(await api('POST', `/api/sessions/${sessionId}/rooms`, room_code === undefined ? {} : { room_code }))
      .toMatchObject({ status: 400, body: { error: 'room_code must be 4 letters or digits' } })
    expect((await api('GET', `/api/sessions/${sessionId}/games`)).body).toEqual([])
  })

  test('404 for an unknown session, 400 for a closed one', async () => {
    expect(await api('POST', '/api/sessions/999999/rooms', { room_code: 'ABCD' }))
      .toMatchObject({ status: 404, body: { error: 'Session not found' } })
    await freshSession()
    await api('POST', `/api/sessions/${sessionId}/close`)
    expect(await api('POST', `/api/sessions/${sessionId}/rooms`, { room_code: 'ABCD' }))
      .toMatchObject({ status: 400, body: { error: 'Cannot add games to a closed session' } })
  })

  test('404 "Room not found" when the room service has no such room', async () => {
    await freshSession()
    expect(await api('POST', `/api/sessions/${sessionId}/rooms`, { room_code: 'NONE' }))
      .toMatchObject({ status: 404, body: { error: 'Room not found' } })
    expect((await api('GET', `/api/sessions/${sessionId}/games`)).body).toEqual([])
  })

  test.each([403, 429, 500, 502])('503 when the room service answers %i', async (status) => {
    await freshSession()
    ecast.createRoom('BUSY', { appTag: 'rooms-test' })
    ecast.failNextPolls(1, status)
    expect(await api('POST', `/api/sessions/${sessionId}/rooms`, { room_code: 'BUSY' }))
      .toMatchObject({ status: 503, body: { error: 'Jackbox room service unavailable' } })
    expect((await api('GET', `/api/sessions/${sessionId}/games`)).body).toEqual([])
  })

  test('503 when the room service cannot be reached', async () => {
    const offline = await startTestServer({ ecastUrl: 'http://127.0.0.1:9' })
    try {
      const offlineToken = await login(offline.url)
      const session = (await call(offline.url, 'POST', '/api/sessions', { token: offlineToken })).body
      expect(await call(offline.url, 'POST', `/api/sessions/${session.id}/rooms`, { token: offlineToken, body: { room_code: 'ABCD' } }))
        .toMatchObject({ status: 503, body: { error: 'Jackbox room service unavailable' } })
    } finally {
      await offline.stop()
    }
  })

  test('404 with the app tag when no game has it; the match is exact', async () => {
    await freshSession()
    await api('POST', '/api/games', game('Exact', 'Prefix Game', ['rooms-exact']))
    ecast.createRoom('EXCT', { appTag: 'rooms-exact-tjsp' })
    expect(await api('POST', `/api/sessions/${sessionId}/rooms`, { room_code: 'exct' })).toMatchObject({
      status: 404, body: { error: 'No game in the catalogue has the app tag rooms-exact-tjsp', appTag: 'rooms-exact-tjsp' },
    })
    expect((await api('GET', `/api/sessions/${sessionId}/games`)).body).toEqual([])
  })

  test('201: the game of the tag is added playing, with the room; the one before becomes played', async () => {
    await freshSession()
    const target = (await api('POST', '/api/games', game('Rooms Pack', 'Room Game', ['rooms-one', 'rooms-one-tjsp']))).body
    const other = (await api('POST', '/api/games', game('Rooms Pack', 'Other Game'))).body
    const before = (await api('POST', `/api/sessions/${sessionId}/games`, { game_id: other.id })).body
    ecast.createRoom('TJSP', { appTag: 'rooms-one-tjsp', maxPlayers: 6 })
    const added = await api('POST', `/api/sessions/${sessionId}/rooms`, { room_code: 'tjsp' })
    expect(added).toMatchObject({
      status: 201,
      body: {
        game_id: target.id, status: 'playing', room_code: 'TJSP', manually_added: 0, player_count_check_status: 'monitoring',
        room: {
          room_code: 'TJSP', app_tag: 'rooms-one-tjsp', state: 'lobby', players: [], max_players: 6, audience_enabled: true,
          locked: false, started_at: null, ended_at: null,
        },
      },
    })
    const rows = (await api('GET', `/api/sessions/${sessionId}/games`)).body
    expect(rows.map((row: { id: number; status: string }) => [row.id, row.status])).toEqual([[before.id, 'played'], [added.body.id, 'playing']])

    // The same code again: that row, nothing added.
    const again = await api('POST', `/api/sessions/${sessionId}/rooms`, { room_code: 'TJSP' })
    expect(again).toMatchObject({ status: 200, body: { id: added.body.id, room: { room_code: 'TJSP' } } })
    expect((await api('GET', `/api/sessions/${sessionId}/games`)).body).toHaveLength(2)
  })

  test('of several games with the tag: enabled before disabled, then pack and title', async () => {
    await freshSession()
    const a = (await api('POST', '/api/games', game('B Pack', 'Shared', ['rooms-shared']))).body
    const b = (await api('POST', '/api/games', game('A Pack', 'Shared Too', ['rooms-shared']))).body
    const c = (await api('POST', '/api/games', game('A Pack', 'Also Shared', ['rooms-shared']))).body
    await api('PUT', `/api/games/${c.id}`, { enabled: false })
    ecast.createRoom('SHR1', { appTag: 'rooms-shared' })
    expect((await api('POST', `/api/sessions/${sessionId}/rooms`, { room_code: 'SHR1' })).body.game_id).toBe(b.id)
    await api('PUT', `/api/games/${b.id}`, { enabled: false })
    ecast.createRoom('SHR2', { appTag: 'rooms-shared' })
    expect((await api('POST', `/api/sessions/${sessionId}/rooms`, { room_code: 'SHR2' })).body.game_id).toBe(a.id)
    await api('PUT', `/api/games/${a.id}`, { enabled: false })
    ecast.createRoom('SHR3', { appTag: 'rooms-shared' })
    expect((await api('POST', `/api/sessions/${sessionId}/rooms`, { room_code: 'SHR3' })).body.game_id).toBe(c.id)
  })

  test('a locked room is added as playing, started', async () => {
    await freshSession()
    await api('POST', '/api/games', game('Rooms Pack', 'Locked Game', ['rooms-locked']))
    ecast.createRoom('LOCK', { appTag: 'rooms-locked' }).lock({ notify: false })
    const added = await api('POST', `/api/sessions/${sessionId}/rooms`, { room_code: 'LOCK' })
    expect(added.body.room).toMatchObject({ state: 'playing', locked: true, started_at: expect.any(String) })
  })
})

describe('GET /api/sessions/{sid}/games/{sgid}/room', () => {
  test('the room of a followed game; 404s otherwise', async () => {
    await freshSession()
    const plain = (await api('POST', '/api/games', game('View Pack', 'Unfollowed'))).body
    const row = (await api('POST', `/api/sessions/${sessionId}/games`, { game_id: plain.id, room_code: 'VIEW' })).body
    expect(await call(server.url, 'GET', `/api/sessions/${sessionId}/games/${row.id}/room`))
      .toMatchObject({ status: 404, body: { error: 'No room is followed for this game' } })
    expect(await call(server.url, 'GET', `/api/sessions/${sessionId}/games/999999/room`))
      .toMatchObject({ status: 404, body: { error: 'Session game not found' } })
    expect(await call(server.url, 'GET', `/api/sessions/999999/games/${row.id}/room`))
      .toMatchObject({ status: 404, body: { error: 'Session game not found' } })

    await api('POST', '/api/games', game('View Pack', 'Followed', ['rooms-view']))
    ecast.createRoom('FOLW', { appTag: 'rooms-view' })
    const followed = (await api('POST', `/api/sessions/${sessionId}/rooms`, { room_code: 'FOLW' })).body
    const view = await call(server.url, 'GET', `/api/sessions/${sessionId}/games/${followed.id}/room`) // public
    expect(view).toMatchObject({ status: 200, body: { room_code: 'FOLW', app_tag: 'rooms-view', state: 'lobby', locked: false } })
  })
})
