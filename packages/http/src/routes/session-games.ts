// One game within a session: status, removal, room code, player count and the room monitor.
import type { Core } from '@game-picker/core'
import type { ApiRequest, ApiRouter } from '../router.ts'

const ROW = '/api/sessions/:sessionId/games/:sessionGameId'
const ids = (req: ApiRequest) => [req.id('sessionId'), req.id('sessionGameId')] as const

export function registerSessionGameRoutes(api: ApiRouter, core: Core) {
  const monitors = core.roomMonitors
  const sessions = { scope: 'sessions' } as const
  api.patch(`${ROW}/status`, async (req) => {
    const status = await core.sessionGames.setStatus(...ids(req), await req.body())
    return { message: 'Status updated', status }
  }, sessions)
  api.delete(ROW, async (req) => {
    const [sessionId, sessionGameId] = ids(req)
    await core.sessionGames.remove(sessionId, sessionGameId)
    monitors.halt(sessionGameId)
    return { message: 'Game removed from session' }
  }, sessions)
  api.patch(`${ROW}/room-code`, async (req) => core.sessionGames.setRoomCode(...ids(req), await req.body()), sessions)
  api.patch(`${ROW}/player-count`, async (req) => {
    const player_count = await core.sessionGames.setPlayerCount(...ids(req), await req.body())
    return { message: 'Player count updated', player_count }
  }, sessions)

  api.post(`${ROW}/start-player-check`, async (req) => {
    const [sessionId, sessionGameId] = ids(req)
    const { roomCode, follow } = await core.sessionGames.startPlayerCheck(sessionId, sessionGameId)
    monitors.start(sessionGameId, roomCode, follow)
    return { message: 'Player count check started', status: 'monitoring' }
  }, sessions)
  api.post(`${ROW}/stop-player-check`, async (req) => {
    const [sessionId, sessionGameId] = ids(req)
    await core.sessionGames.stopPlayerCheck(sessionId, sessionGameId)
    monitors.halt(sessionGameId) // a monitor on another server stops when its lease is not renewed
    return { message: 'Player count check stopped', status: 'stopped' }
  }, sessions)
}
