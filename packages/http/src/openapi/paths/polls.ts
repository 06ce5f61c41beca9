// Polls: the room (phones) and the stream (chat) choose among a few candidates.
import { pathItems } from '../operation.ts'
import { arrayOf, boolean, input, integer, object, ref, string } from '../schema.ts'
import { pickBody } from './play.ts'

const NOT_FOUND = 'Poll not found'
const CLOSED = 'Poll is closed'
const PICK_ERRORS = ['playerCount must be an integer', 'drawing must be one of: only, exclude', 'length must be one of: short, medium, long',
  'familyFriendly must be true or false', 'sessionId must be a positive integer', 'excludePlayed must be true or false',
  'audienceOverflow must be a boolean', 'explain must be a boolean', 'packs must be a non-empty array of pack names',
  'Unknown pack: NAME', 'pick must be an object', 'count must be an integer from 2 to 10',
  'notPlayedWithinDays must be an integer from 1 to 3650', 'favorFresh must be a boolean', 'favorPopular must be a boolean']

const openBody = input({
  gameIds: { ...arrayOf(integer(undefined, { minimum: 1 }), 'The candidates, in this order: 2 to 10 distinct ids of enabled games'), minItems: 2, maxItems: 10 },
  pick: { ...pickBody, description: 'A pick request as for POST /api/pick; its `count` (2 to 10, default 3) draws the candidates' },
  durationSeconds: integer('Close the poll by itself after this many seconds (10 to 3600); absent: open until closed', { minimum: 10, maximum: 3600 }),
  addWinner: boolean('At closing, add the winner to the active session (default false)'),
}, [], 'Exactly one of `gameIds` and `pick`.')

const voteBody = input({
  choice: integer('The candidate\'s number, 1 to the number of candidates', { minimum: 1 }),
  voter: string('A phone: an id the client made up and keeps, 8 to 64 of A-Z a-z 0-9 _ -', { pattern: '^[A-Za-z0-9_-]{8,64}$' }),
  username: string('A chat user (1 to 64 characters); needs a token', { minLength: 1, maxLength: 64 }),
}, ['choice'], 'Exactly one of `voter` and `username`.')

export const pollPaths = pathItems('Polls', {
  '/api/polls': {
    get: {
      summary: 'List polls',
      query: { limit: { schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, description: 'How many, newest first' } },
      ok: { description: 'Polls, newest first', schema: arrayOf(ref('Poll')) },
      errors: { 400: ['limit must be an integer from 1 to 100'] },
    },
    post: {
      summary: 'Open a poll', scope: 'sessions',
      description: 'One poll is open at a time, across every server. Opens with `poll.opened`.',
      body: { schema: openBody },
      ok: { status: 201, description: 'The poll, open', schema: ref('Poll') },
      errors: {
        400: ['Give either gameIds or pick', 'gameIds must be 2 to 10 distinct game ids', 'Unknown or disabled game: ID',
          'Not enough games for a poll', 'durationSeconds must be an integer from 10 to 3600', 'addWinner must be a boolean',
          'A poll is already open', ...PICK_ERRORS],
        404: { messages: ['No games match the current filters', 'Session not found'], schema: ref('PickNotFoundError') },
      },
    },
  },
  '/api/polls/open': {
    get: {
      summary: 'The open poll',
      ok: { description: 'The poll that is open', schema: ref('Poll') },
      errors: { 404: ['No open poll'] },
    },
  },
  '/api/polls/{id}': {
    get: { summary: 'Get a poll', ok: { description: 'The poll', schema: ref('Poll') }, errors: { 404: [NOT_FOUND] } },
  },
  '/api/polls/{id}/votes': {
    post: {
      summary: 'Vote in a poll',
      description: 'One counted vote per `voter` and per `username` per poll; voting again moves it. Phones (`voter`) need no '
        + 'token, at most 50 voters per client address per poll; chat votes (`username`) need a token with the scope `votes` '
        + '(or `admin`). The tally goes out '
        + 'as `poll.voted` within a fraction of a second.',
      body: { schema: voteBody },
      extra: { security: [{}, { bearerAuth: ['votes'] }] },
      ok: { description: 'The poll with the vote counted', schema: ref('Poll') },
      errors: {
        400: ['Give either voter or username', 'voter must be 8 to 64 letters, digits, _ or -', 'username must be 1 to 64 characters',
          'choice must be an integer from 1 to N', CLOSED],
        401: ['Access token required'],
        403: ['Invalid or expired token', 'Token lacks scope: votes'],
        404: [NOT_FOUND],
        429: ['Too many voters from this address'],
      },
    },
  },
  '/api/polls/{id}/close': {
    post: {
      summary: 'Close a poll', scope: 'sessions',
      description: 'Draws the winner (most votes; a tie by the picker\'s weights) and, with `addWinner`, adds it to the active session. '
        + 'Sends `poll.closed`.',
      ok: { description: 'The poll, closed, with its winner', schema: ref('Poll') },
      errors: { 400: [CLOSED], 404: [NOT_FOUND] },
    },
  },
})

export const pollSchemas = {
  Poll: object({
    id: integer(),
    status: string(undefined, { enum: ['open', 'closed'] }),
    candidates: arrayOf(object({ number: integer('From 1'), game: ref('Game'), votes: integer() }), 'In their order'),
    total_votes: integer(),
    created_at: { type: 'string', format: 'date-time' },
    closes_at: { type: ['string', 'null'], format: 'date-time', description: 'When it closes by itself; null: open until closed' },
    closed_at: { type: ['string', 'null'], format: 'date-time', description: 'A poll that ran out of time closed at its closes_at' },
    add_winner: boolean('The winner is added to the active session at closing'),
    winner: { oneOf: [{ type: 'null' }, object({ number: integer(), game: ref('Game') })], description: 'Null until closed' },
    session_game: { oneOf: [{ type: 'null' }, ref('SessionGame')], description: 'The session game the winner became, if it was added' },
  }, undefined, { description: 'A poll: candidates with their votes, and the winner once closed. Voters are never shown.' }),
  PollTally: object({
    poll_id: integer(),
    candidates: arrayOf(object({ number: integer(), votes: integer() })),
    total_votes: integer(),
  }),
}
