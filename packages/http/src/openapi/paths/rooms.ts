// The room autopilot: from a room code to the game it runs, followed until the room ends.
import { pathItems } from '../operation.ts'
import { input, object, ref, string } from '../schema.ts'

export const roomSchemas = {
  NoGameForAppTagError: object({
    error: string('"No game in the catalogue has the app tag TAG"'),
    appTag: { type: ['string', 'null'], description: 'With "No game in the catalogue has the app tag TAG": the room\'s app tag' },
  }, ['error'], { description: 'No game of the catalogue has the room\'s app tag' }),
}

export const roomPaths = pathItems('Rooms', {
  '/api/sessions/{id}/rooms': {
    post: {
      summary: 'Follow a Jackbox room: add the game it runs', scope: 'sessions',
      description: 'Asks the room service for the room, finds the game whose `app_tags` hold the room\'s app tag exactly '
        + '(several: an enabled game before a disabled one, then by pack_name and title), adds it as '
        + '`POST /api/sessions/{id}/games` with that `room_code` would (the game playing before becomes `played`), and '
        + 'follows the room until it ends: players, lock and end arrive as `room.updated` / `room.ended`, and the game '
        + 'becomes `played` when the room closes (unless it was set `skipped`). The same code as the session\'s `playing` '
        + 'game answers that game with 200 and adds nothing.',
      body: { schema: input({ room_code: string('Four letters or digits; upper-cased', { pattern: '^[A-Za-z0-9]{4}$' }) }, ['room_code']) },
      ok: { status: 201, description: 'The new session game with its room', schema: ref('SessionGameWithRoom') },
      alsoOk: {
        status: 200, description: 'The session\'s playing game already has this room code: that game, nothing added',
        schema: ref('SessionGameWithRoom'),
      },
      errors: {
        400: ['room_code must be 4 letters or digits', 'Cannot add games to a closed session'],
        404: { messages: ['Session not found', 'Room not found', 'No game in the catalogue has the app tag TAG'], schema: ref('NoGameForAppTagError') },
        503: ['Jackbox room service unavailable'],
      },
    },
  },
  '/api/sessions/{sessionId}/games/{sessionGameId}/room': {
    get: {
      summary: 'The room followed for a session game',
      ok: { description: 'The room as last seen', schema: ref('Room') },
      errors: { 404: ['Session game not found', 'No room is followed for this game'] },
    },
  },
})
