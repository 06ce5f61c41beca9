// The room autopilot: a room code becomes the game it runs, added and followed; the room view.
import type { Core } from '@game-picker/core'
import { type ApiRouter, withStatus } from '../router.ts'

export function registerRoomRoutes(api: ApiRouter, core: Core) {
  const monitors = core.roomMonitors
  api.post('/api/sessions/:id/rooms', async (req) => {
    const { added, started, follow, sessionGame } = await core.rooms.follow(req.id(), await req.body(), (code) => monitors.readRoom(code))
    if (started) monitors.start(sessionGame.id, sessionGame.room.room_code, follow)
    return added ? sessionGame : withStatus(200, sessionGame)
  }, { scope: 'sessions', status: 201 })

  api.get('/api/sessions/:sessionId/games/:sessionGameId/room', (req) =>
    core.rooms.view(req.id('sessionId'), req.id('sessionGameId')))
}
