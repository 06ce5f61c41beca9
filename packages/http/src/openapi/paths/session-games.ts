// One game within a session: status, removal, room code, player count and the room monitor.
import { pathItems } from '../operation.ts'
import { input, integer, messageAnd, ref, string } from '../schema.ts'

const ROW = '/api/sessions/{sessionId}/games/{sessionGameId}'
const NOT_FOUND = 'Session game not found'
const STATUS = ['playing', 'played', 'skipped']
const checkAnswer = (status: string) => messageAnd({ status: string(undefined, { const: status }) })

export const sessionGamePaths = pathItems('Session games', {
  [ROW]: {
    delete: {
      summary: 'Remove a game from a session', scope: 'sessions',
      description: 'Its votes go with it, and its room monitor stops.',
      ok: { description: '"Game removed from session"', schema: messageAnd() },
      errors: { 404: [NOT_FOUND] },
    },
  },
  [`${ROW}/status`]: {
    patch: {
      summary: 'Set a session game\'s status', scope: 'sessions',
      description: 'Setting `playing` turns the session\'s other `playing` game into `played`.',
      body: { schema: input({ status: string(undefined, { enum: STATUS }) }, ['status']) },
      ok: { description: '"Status updated"', schema: messageAnd({ status: string(undefined, { enum: STATUS }) }) },
      errors: { 400: ['Invalid status. Must be playing, played, or skipped'], 404: [NOT_FOUND] },
    },
  },
  [`${ROW}/room-code`]: {
    patch: {
      summary: 'Set a session game\'s room code', scope: 'sessions',
      body: { schema: input({ room_code: string(undefined, { pattern: '^[A-Z0-9]{4}$' }) }, ['room_code']) },
      ok: { description: 'The session game', schema: ref('SessionGame') },
      errors: { 400: ['room_code is required', 'room_code must be exactly 4 characters, A-Z or 0-9'], 404: [NOT_FOUND] },
    },
  },
  [`${ROW}/player-count`]: {
    patch: {
      summary: 'Set a session game\'s player count', scope: 'sessions',
      body: { schema: input({ player_count: integer(undefined, { minimum: 0 }) }, ['player_count']) },
      ok: { description: '"Player count updated"', schema: messageAnd({ player_count: integer() }) },
      errors: { 400: ['player_count is required', 'player_count must be an integer of at least 0'], 404: [NOT_FOUND] },
    },
  },
  [`${ROW}/start-player-check`]: {
    post: {
      summary: 'Start the room monitor', scope: 'sessions',
      description: 'Watches the Jackbox room of the room code and keeps player_count up to date until the game starts; '
        + 'restarts a monitor already running.',
      ok: { description: '"Player count check started"', schema: checkAnswer('monitoring') },
      errors: { 400: ['Game does not have a room code'], 404: [NOT_FOUND] },
    },
  },
  [`${ROW}/stop-player-check`]: {
    post: {
      summary: 'Stop the room monitor', scope: 'sessions',
      ok: { description: '"Player count check stopped"', schema: checkAnswer('stopped') },
      errors: { 404: [NOT_FOUND] },
    },
  },
})
