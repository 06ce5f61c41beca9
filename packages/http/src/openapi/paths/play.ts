// The picker, live votes and stats.
import { pathItems } from '../operation.ts'
import { arrayOf, boolean, input, integer, object, ref, string } from '../schema.ts'

export const pickBody = input({
  playerCount: integer('Games with min_players <= n <= max_players'),
  drawing: string('`only` or `exclude` drawing games', { enum: ['only', 'exclude'] }),
  length: string('short <= 15 min, medium 16-25, long >= 26', { enum: ['short', 'medium', 'long'] }),
  familyFriendly: boolean(),
  sessionId: integer('Leave out the games this session just played (its last two)', { minimum: 1 }),
  excludePlayed: boolean('With sessionId: leave out every game the session played'),
  audienceOverflow: boolean('A game with an audience also matches when playerCount exceeds its max_players'),
  packs: { ...arrayOf(string(), 'Only games of these packs (names as GET /api/games/packs lists them)'), minItems: 1 },
  count: { type: ['integer', 'null'], minimum: 1, maximum: 10, description: 'Draw this many distinct games, by weight, as `games`' },
  explain: boolean('Add `odds`: every game of the pool with its weight and probability'),
  notPlayedWithinDays: integer('Leave out games whose last_played_at is within this many days', { minimum: 1, maximum: 3650 }),
  favorFresh: boolean('Weight x (1 + min(d, 60) / 30), d the days since last_played_at; never played x 3'),
  favorPopular: boolean('Weight x (upvotes + 1) / (downvotes + 1), clamped to 1/3 ... 3'),
}, [], 'All optional. Weight of a game = f(game favor) x f(pack favor), f(1) = 3, f(0) = 1, f(-1) = 1/3, '
  + 'times the favorFresh and favorPopular factors when asked for.')

const odds = object({
  id: integer(), title: string(), pack_name: string(),
  weight: { type: 'number', description: 'The product of every factor of the pick (favor, freshness, popularity; not normalised)' },
  probability: { type: 'number', minimum: 0, maximum: 1, description: 'Chance of being drawn first; they sum to 1' },
})

const pickResult = object({
  game: ref('Game'),
  poolSize: integer('Games that could have been drawn'),
  totalEnabled: integer(),
  games: arrayOf(ref('Game'), 'With `count`: the games drawn, in draw order; `game` is the first'),
  odds: arrayOf(odds, 'With `explain`: highest probability first'),
}, ['game', 'poolSize', 'totalEnabled'])

export const playPaths = pathItems('Play', {
  '/api/pick': {
    post: {
      summary: 'Pick a game',
      description: 'A weighted random draw from the enabled games that pass the filters. A pick changes nothing.',
      body: { required: false, schema: pickBody },
      ok: { description: 'The pick', schema: pickResult },
      errors: {
        400: ['playerCount must be an integer', 'drawing must be one of: only, exclude', 'length must be one of: short, medium, long',
          'familyFriendly must be true or false', 'sessionId must be a positive integer', 'excludePlayed must be true or false',
          'audienceOverflow must be a boolean', 'explain must be a boolean', 'count must be an integer from 1 to 10',
          'packs must be a non-empty array of pack names', 'Unknown pack: NAME',
          'notPlayedWithinDays must be an integer from 1 to 3650', 'favorFresh must be a boolean', 'favorPopular must be a boolean'],
        404: { messages: ['No games match the current filters', 'Session not found'], schema: ref('PickNotFoundError') },
      },
    },
  },
  '/api/votes/live': {
    post: {
      summary: 'Record a live vote', scope: 'votes',
      description: 'The vote counts for the active session\'s game with the latest played_at at or before its timestamp; '
        + 'with `ticker`, for the game of that ticker, whatever is playing (no session game; the timestamp is stored as given). '
        + 'One vote per username per second, of either kind.',
      body: {
        schema: input({
          username: string(), vote: string(undefined, { enum: ['up', 'down'] }), timestamp: string('ISO 8601', { format: 'date-time' }),
          ticker: string('A game\'s ticker (any case)', { pattern: '^[A-Za-z0-9]{2,8}$' }),
        }, ['username', 'vote', 'timestamp']),
      },
      ok: {
        description: '"Vote recorded successfully"',
        schema: object({
          success: { const: true }, message: string(),
          session: ref('LiveVoteSession'), game: ref('LiveVoteGame'), vote: ref('LiveVote'),
        }),
      },
      errors: {
        400: ['Missing required fields: username, vote, timestamp', 'username must be a string',
          'vote must be either "up" or "down"', 'Invalid timestamp format', 'ticker must be 2 to 8 letters or digits'],
        404: {
          messages: ['No active session', 'No games played in the active session', 'Vote timestamp does not match any game in the session',
            'Unknown ticker: TICKER'],
          schema: ref('VoteNotFoundError'),
        },
        409: { messages: ['Duplicate vote'], schema: ref('DuplicateVoteError') },
      },
    },
  },
  '/api/votes': {
    get: {
      summary: 'Vote history', scope: 'votes',
      description: 'Every vote, newest first (by id), filtered and paged by cursor: pass `next_before` as `before` for the next page. '
        + 'A page costs the same however many votes are stored.',
      query: {
        session_id: { schema: { type: 'integer', minimum: 1 }, description: 'Only this session\'s votes' },
        game_id: { schema: { type: 'integer', minimum: 1 }, description: 'Only votes for this game' },
        username: { schema: { type: 'string' }, description: 'Only this user\'s votes (exact)' },
        type: { schema: { enum: ['up', 'down'] }, description: 'Only up or only down votes' },
        limit: { schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 }, description: 'How many votes' },
        before: { schema: { type: 'integer', minimum: 1 }, description: 'Only votes with a smaller id' },
      },
      ok: {
        description: 'A page of votes',
        schema: object({
          votes: arrayOf(ref('Vote')),
          next_before: { type: ['integer', 'null'], description: 'The last vote\'s id when older votes exist, else null' },
        }),
      },
      errors: {
        400: ['session_id must be a positive integer', 'game_id must be a positive integer', 'username must be a string',
          'type must be up or down', 'limit must be an integer from 1 to 500', 'before must be a positive integer'],
      },
    },
  },
  '/api/stats': {
    get: { summary: 'Statistics', ok: { description: 'Counts, most played and top rated', schema: ref('Stats') } },
  },
})
