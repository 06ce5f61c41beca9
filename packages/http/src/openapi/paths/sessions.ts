// Sessions, the games added to them, chat import and export.
import { pathItems } from '../operation.ts'
import {
  arrayOf, boolean, dateTime, input, integer, messageAnd, nullable, object, ref, string,
} from '../schema.ts'

const notesBody = { required: false, schema: input({ notes: nullable(string()) }) }
const NOT_FOUND = 'Session not found'
const ROOM_CODE_ERRORS = ['room_code is required', 'room_code must be exactly 4 characters, A-Z or 0-9']

const chatImportResult = object({
  message: string('"Chat log imported successfully"'),
  messagesImported: integer(),
  duplicatesSkipped: integer('Messages already stored for this session (same user, time and text)'),
  votesProcessed: integer(),
  votesByGame: {
    type: 'object',
    description: 'This import\'s votes, by game id',
    additionalProperties: object({ title: string(), upvotes: integer(), downvotes: integer() }),
  },
  debug: object({
    totalMessages: integer(),
    voteMessages: integer('Messages that are votes, duplicates included'),
    unmatchedVotes: integer('Votes before the session\'s first game'),
    sessionGamesTimeline: arrayOf(object({ title: string(), played_at: dateTime() })),
  }),
})

const chatMessage = object({
  id: integer(), session_id: integer(), username: string(), message: string(), timestamp: dateTime(),
  vote_type: nullable(string(undefined, { enum: ['up', 'down'] })), session_game_id: nullable(integer()),
})

const sessionExport = object({
  session: ref('Session'),
  games: arrayOf(ref('SessionGame')),
  votes: arrayOf(object({ game_id: integer(), username: string(), type: string(undefined, { enum: ['up', 'down'] }), timestamp: dateTime() })),
  chat_messages: arrayOf(chatMessage),
  exported_at: dateTime(),
})

const voteTally = object({
  game_id: integer(), title: string(), pack_name: string(), upvotes: integer(), downvotes: integer(), net: integer('upvotes - downvotes'),
})

export const sessionPaths = pathItems('Sessions', {
  '/api/sessions': {
    get: {
      summary: 'List sessions',
      description: 'Newest first (by created_at, then id). Without `limit`, every session.',
      query: {
        limit: { schema: { type: 'integer', minimum: 1, maximum: 500 }, description: 'At most this many sessions (the History page asks 20)' },
        before: { schema: { type: 'integer', minimum: 1 }, description: 'Only sessions after this one in the order (the last id of the previous page)' },
      },
      ok: { description: 'Sessions, newest first', schema: arrayOf(ref('Session')) },
      errors: { 400: ['limit must be an integer from 1 to 500', 'before must be a positive integer'] },
    },
    post: {
      summary: 'Start a session', scope: 'sessions', body: notesBody,
      ok: { status: 201, description: 'The new, active session', schema: ref('Session') },
      errors: {
        400: {
          messages: ['An active session already exists. Please close it first.', 'notes must be a string'],
          schema: ref('ActiveSessionError'),
        },
      },
    },
  },
  '/api/sessions/active': {
    get: {
      summary: 'Get the active session',
      ok: {
        description: 'The active session, or `{ "session": null, "message": "No active session" }`',
        schema: { oneOf: [ref('Session'), object({ session: { type: 'null' }, message: string() })] },
      },
    },
  },
  '/api/sessions/{id}': {
    get: { summary: 'Get a session', ok: { description: 'The session', schema: ref('Session') }, errors: { 404: [NOT_FOUND] } },
    delete: {
      summary: 'Delete a session', scope: 'sessions',
      description: 'Only a closed session; its games, votes and chat messages go with it.',
      ok: { description: '"Session deleted successfully"', schema: messageAnd({ sessionId: integer() }) },
      errors: { 400: ['Cannot delete an active session. Please close it first.'], 404: [NOT_FOUND] },
    },
  },
  '/api/sessions/{id}/close': {
    post: {
      summary: 'Close a session', scope: 'sessions',
      description: '`notes`, when given, replace the notes. The game still `playing` becomes `played`.',
      body: notesBody,
      ok: { description: 'The closed session', schema: ref('Session') },
      errors: { 400: ['Session is already closed', 'notes must be a string'], 404: [NOT_FOUND] },
    },
  },
  '/api/sessions/{id}/votes': {
    get: {
      summary: 'Session vote tally',
      description: 'The session\'s votes per game (ticker votes included), by net, then upvotes, then title.',
      ok: { description: 'One entry per game with votes in the session', schema: arrayOf(voteTally) },
      errors: { 404: [NOT_FOUND] },
    },
  },
  '/api/sessions/{id}/games': {
    get: {
      summary: 'List a session\'s games',
      ok: { description: 'Its games by played_at, then id', schema: arrayOf(ref('SessionGame')) },
      errors: { 404: [NOT_FOUND] },
    },
    post: {
      summary: 'Add a game to a session', scope: 'sessions',
      description: 'The game becomes `playing`; the one playing before becomes `played`. A disabled game may be added.',
      body: {
        schema: input({
          game_id: integer(), manually_added: boolean('Default false'),
          room_code: nullable(string('Four characters, A-Z or 0-9', { pattern: '^[A-Z0-9]{4}$' })),
        }, ['game_id']),
      },
      ok: { status: 201, description: 'The new session game', schema: ref('SessionGame') },
      errors: {
        400: ['game_id is required', 'game_id must be an integer', 'Cannot add games to a closed session',
          'manually_added must be true or false', ...ROOM_CODE_ERRORS],
        404: [NOT_FOUND, 'Game not found'],
      },
    },
  },
  '/api/sessions/{id}/chat-import': {
    post: {
      summary: 'Import a chat log', scope: 'sessions',
      description: 'A message containing `thisgame++` (up) or `thisgame--` (down), any case, is a vote for the game '
        + 'playing at its timestamp. All or nothing: one bad entry rejects the log. Importing the same log twice '
        + 'changes nothing. A user\'s vote within 1 second of their previous one is ignored.',
      body: {
        schema: input({
          chatData: arrayOf(input({ username: string(), message: string(), timestamp: string('Any date Date.parse reads') },
            ['username', 'message', 'timestamp'])),
        }, ['chatData']),
      },
      ok: { description: 'What was imported', schema: chatImportResult },
      errors: {
        400: ['chatData must be an array', 'chatData[i]: <field> must be a string', 'chatData[i]: timestamp is not a valid date',
          'No games played in this session to match votes against'],
        404: [NOT_FOUND],
      },
    },
  },
  '/api/sessions/{id}/export': {
    get: {
      summary: 'Export a session', scope: 'sessions',
      query: { format: { schema: { enum: ['json', 'txt'], default: 'txt' }, description: 'json, or a readable text report' } },
      ok: {
        description: 'A download named `session-<id>.json` or `session-<id>.txt`',
        content: { 'application/json': sessionExport, 'text/plain': { type: 'string' } },
        headers: { 'Content-Disposition': { $ref: '#/components/headers/ContentDisposition' } },
      },
      errors: { 400: ['format must be json or txt'], 404: [NOT_FOUND] },
    },
  },
})
