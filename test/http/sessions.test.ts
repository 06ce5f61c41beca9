import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { call, login, startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let token: string
let gameIds: number[]
const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body })

beforeAll(async () => {
  server = await startTestServer()
  token = await login(server.url)
  gameIds = []
  for (const title of ['Alpha', 'Beta', 'Gamma']) {
    gameIds.push((await api('POST', '/api/games', { pack_name: 'P', title, min_players: 2, max_players: 8 })).body.id)
  }
})
afterAll(() => server.stop())

describe('a whole session over HTTP', () => {
  test('start, add, status, room code, player count, votes, chat, export, close, delete', async () => {
    expect((await call(server.url, 'GET', '/api/sessions/active')).body).toEqual({ session: null, message: 'No active session' })
    const started = await api('POST', '/api/sessions', { notes: 'Stream' })
    expect(started).toMatchObject({ status: 201, body: { is_active: 1, notes: 'Stream', games_played: 0, closed_at: null } })
    const sessionId = started.body.id
    expect(await api('POST', '/api/sessions', {}))
      .toMatchObject({ status: 400, body: { error: 'An active session already exists. Please close it first.', activeSessionId: sessionId } })

    const added = await api('POST', `/api/sessions/${sessionId}/games`, { game_id: gameIds[0], room_code: 'ABCD' })
    expect(added).toMatchObject({ status: 201, body: { session_id: sessionId, game_id: gameIds[0], status: 'playing', room_code: 'ABCD', manually_added: 0, title: 'Alpha' } })
    const rowId = added.body.id
    const rows = `/api/sessions/${sessionId}/games`
    expect(await api('PATCH', `${rows}/${rowId}/status`, { status: 'skipped' }))
      .toMatchObject({ status: 200, body: { status: 'skipped', message: expect.any(String) } })
    expect(await api('PATCH', `${rows}/${rowId}/status`, { status: 'nope' }))
      .toMatchObject({ status: 400, body: { error: 'Invalid status. Must be playing, played, or skipped' } })
    expect((await api('PATCH', `${rows}/${rowId}/room-code`, { room_code: 'WXYZ' })).body.room_code).toBe('WXYZ')
    expect((await api('PATCH', `${rows}/${rowId}/room-code`, { room_code: 'wxyz' })).status).toBe(400)
    expect((await api('PATCH', `${rows}/${rowId}/room-code`, {})).status).toBe(400)
    expect((await api('PATCH', `${rows}/${rowId}/player-count`, { player_count: 6 })).body)
      .toEqual({ message: 'Player count updated', player_count: 6 })
    expect((await api('PATCH', `${rows}/${rowId}/player-count`, { player_count: -1 })).status).toBe(400)
    expect((await api('PATCH', `${rows}/${rowId}/player-count`, {})).status).toBe(400)
    for (const path of [`${rows}/999/status`, `${rows}/999/room-code`, `${rows}/999/player-count`, `${rows}/999/start-player-check`, `${rows}/999`]) {
      const method = path.endsWith('999') ? 'DELETE' : path.includes('start') ? 'POST' : 'PATCH'
      expect(await api(method, path, { status: 'played', room_code: 'ABCD', player_count: 1 }))
        .toMatchObject({ status: 404, body: { error: 'Session game not found' } })
    }

    const second = (await api('POST', `/api/sessions/${sessionId}/games`, { game_id: gameIds[1], manually_added: true })).body
    const list = (await call(server.url, 'GET', rows)).body
    expect(list.map((row: { id: number }) => row.id)).toEqual([rowId, second.id])
    expect(list[1]).toMatchObject({ manually_added: 1, player_count_check_status: null, popularity_score: 0 })

    const vote = await api('POST', '/api/votes/live', { username: 'ann', vote: 'up', timestamp: new Date(Date.now() + 1000).toISOString() })
    expect(vote).toMatchObject({ status: 200, body: { success: true, message: 'Vote recorded successfully', session: { id: sessionId, games_played: 2 }, game: { id: gameIds[1], upvotes: 1 }, vote: { username: 'ann', type: 'up' } } })
    const again = await api('POST', '/api/votes/live', { username: 'ann', vote: 'down', timestamp: vote.body.vote.timestamp })
    expect(again).toMatchObject({ status: 409, body: { error: 'Duplicate vote', message: 'Please wait before voting again', timeSinceLastVote: 0 } })
    const early = await api('POST', '/api/votes/live', { username: 'bob', vote: 'up', timestamp: '2000-01-01T00:00:00Z' })
    expect(early).toMatchObject({ status: 404, body: { error: 'Vote timestamp does not match any game in the session', debug: { voteTimestamp: '2000-01-01T00:00:00.000Z' } } })
    expect(early.body.debug.sessionGames).toHaveLength(2)
    expect((await api('POST', '/api/votes/live', { username: 'bob', vote: 'meh', timestamp: '2000-01-01T00:00:00Z' })).body.error)
      .toBe('vote must be either "up" or "down"')

    const chat = await api('POST', `/api/sessions/${sessionId}/chat-import`, {
      chatData: [{ username: 'cat', message: 'thisgame++', timestamp: new Date(Date.now() + 5000).toISOString() }],
    })
    expect(chat).toMatchObject({ status: 200, body: { message: 'Chat log imported successfully', messagesImported: 1, votesProcessed: 1, votesByGame: { [gameIds[1]]: { title: 'Beta', upvotes: 1, downvotes: 0 } } } })
    expect(await api('POST', `/api/sessions/${sessionId}/chat-import`, { chatData: {} }))
      .toMatchObject({ status: 400, body: { error: 'chatData must be an array' } })

    const json = await api('GET', `/api/sessions/${sessionId}/export?format=json`)
    expect(json.headers.get('content-type')).toContain('application/json')
    expect(json.headers.get('content-disposition')).toBe(`attachment; filename="session-${sessionId}.json"`)
    expect(json.body.votes).toHaveLength(2)
    const txt = await api('GET', `/api/sessions/${sessionId}/export`)
    expect(txt.headers.get('content-type')).toContain('text/plain')
    expect(txt.headers.get('content-disposition')).toBe(`attachment; filename="session-${sessionId}.txt"`)
    expect(txt.text).toContain('Beta (P)')
    expect((await api('GET', `/api/sessions/${sessionId}/export?format=pdf`)).body).toEqual({ error: 'format must be json or txt' })

    expect(await api('DELETE', `/api/sessions/${sessionId}`))
      .toMatchObject({ status: 400, body: { error: 'Cannot delete an active session. Please close it first.' } })
    const closed = await api('POST', `/api/sessions/${sessionId}/close`, { notes: 'Great night' })
    expect(closed).toMatchObject({ status: 200, body: { is_active: 0, notes: 'Great night', games_played: 2 } })
    expect(await api('POST', `/api/sessions/${sessionId}/close`)).toMatchObject({ status: 400, body: { error: 'Session is already closed' } })
    expect(await api('POST', `/api/sessions/${sessionId}/games`, { game_id: gameIds[2] }))
      .toMatchObject({ status: 400, body: { error: 'Cannot add games to a closed session' } })
    expect(await api('POST', '/api/votes/live', { username: 'dan', vote: 'up', timestamp: new Date().toISOString() }))
      .toMatchObject({ status: 404, body: { error: 'No active session' } })

    const stats = (await call(server.url, 'GET', '/api/stats')).body
    expect(stats).toMatchObject({ sessions: { count: 1 }, activeSessions: { count: 0 }, totalGamesPlayed: { count: 1 } })
    expect(stats.topRatedGames[0]).toMatchObject({ title: 'Beta', upvotes: 2, popularity_score: 2 })

    expect(await api('DELETE', `/api/sessions/${sessionId}`)).toMatchObject({ status: 200, body: { sessionId } })
    expect((await call(server.url, 'GET', `/api/sessions/${sessionId}`)).status).toBe(404)
    expect((await call(server.url, 'GET', `/api/games/${gameIds[1]}`)).body).toMatchObject({ upvotes: 0, play_count: 0 })
  })

  test('not found and missing fields', async () => {
    for (const [method, path] of [['GET', '/api/sessions/999'], ['GET', '/api/sessions/999/games'], ['DELETE', '/api/sessions/999'],
      ['POST', '/api/sessions/999/close'], ['POST', '/api/sessions/999/games'], ['POST', '/api/sessions/999/chat-import'],
      ['GET', '/api/sessions/999/export']]) {
      expect(await api(method, path, { game_id: gameIds[0], chatData: [] })).toMatchObject({ status: 404, body: { error: 'Session not found' } })
    }
    const session = (await api('POST', '/api/sessions')).body
    expect(await api('POST', `/api/sessions/${session.id}/games`, {})).toMatchObject({ status: 400, body: { error: 'game_id is required' } })
    expect(await api('POST', `/api/sessions/${session.id}/games`, { game_id: 999 })).toMatchObject({ status: 404, body: { error: 'Game not found' } })
    expect(await api('POST', `/api/sessions/${session.id}/chat-import`, { chatData: [] }))
      .toMatchObject({ status: 400, body: { error: 'No games played in this session to match votes against' } })
    expect(await api('POST', '/api/votes/live', { username: 'x', vote: 'up', timestamp: new Date().toISOString() }))
      .toMatchObject({ status: 404, body: { error: 'No games played in the active session' } })
    expect(await api('POST', '/api/votes/live', { username: 'x' }))
      .toMatchObject({ status: 400, body: { error: 'Missing required fields: username, vote, timestamp' } })
    expect(await api('POST', '/api/votes/live', { username: 'x', vote: 'up', timestamp: 'soon' }))
      .toMatchObject({ status: 400, body: { error: 'Invalid timestamp format' } })
    const row = (await api('POST', `/api/sessions/${session.id}/games`, { game_id: gameIds[0] })).body
    expect(await api('POST', `/api/sessions/${session.id}/games/${row.id}/start-player-check`))
      .toMatchObject({ status: 400, body: { error: 'Game does not have a room code' } })
    expect(await api('POST', `/api/sessions/${session.id}/games/${row.id}/stop-player-check`))
      .toMatchObject({ status: 200, body: { message: 'Player count check stopped', status: 'stopped' } })
    expect(await api('DELETE', `/api/sessions/${session.id}/games/${row.id}`)).toMatchObject({ status: 200, body: { message: expect.any(String) } })
    await api('POST', `/api/sessions/${session.id}/close`)
  })

  test('sessions are listed newest first with games_played', async () => {
    const made: { id: number; games_played: number }[] = []
    for (const played of [2, 0, 1]) {
      const session = (await api('POST', '/api/sessions')).body
      for (const game_id of gameIds.slice(0, played)) await api('POST', `/api/sessions/${session.id}/games`, { game_id })
      await api('POST', `/api/sessions/${session.id}/close`)
      made.push({ id: session.id, games_played: played })
    }
    const list: { id: number; games_played: number }[] = (await call(server.url, 'GET', '/api/sessions')).body
    expect(list.slice(0, 3).map(({ id, games_played }) => ({ id, games_played }))).toEqual(made.reverse())
    const ids = list.map((session) => session.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })
})

describe('picker and stats', () => {
  test('pick returns game, poolSize and totalEnabled; no match is a 404 with a suggestion', async () => {
    const pick = await call(server.url, 'POST', '/api/pick', { body: { playerCount: 4 } })
    expect(pick).toMatchObject({ status: 200, body: { poolSize: 3, totalEnabled: 3, game: { id: expect.any(Number) } } })
    expect((await call(server.url, 'POST', '/api/pick')).status).toBe(200)
    const none = await call(server.url, 'POST', '/api/pick', { body: { playerCount: 40 } })
    expect(none).toMatchObject({ status: 404, body: { error: 'No games match the current filters', suggestion: expect.any(String) } })
    expect((await call(server.url, 'POST', '/api/pick', { body: { drawing: 'maybe' } })).status).toBe(400)
    expect(await call(server.url, 'POST', '/api/pick', { body: { sessionId: 999 } })).toMatchObject({ status: 404, body: { error: 'Session not found' } })
  })

  test('stats has every documented field', async () => {
    const stats = (await call(server.url, 'GET', '/api/stats')).body
    for (const key of ['games', 'gamesEnabled', 'packs', 'sessions', 'activeSessions', 'totalGamesPlayed']) {
      expect(stats[key]).toEqual({ count: expect.any(Number) })
    }
    expect(Array.isArray(stats.mostPlayedGames) && Array.isArray(stats.topRatedGames)).toBe(true)
  })
})
