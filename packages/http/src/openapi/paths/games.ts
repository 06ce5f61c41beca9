// Games, packs and the catalogue as CSV.
import { pathItems } from '../operation.ts'
import { arrayOf, boolean, input, integer, messageAnd, nullable, ref, type Schema, string } from '../schema.ts'

const FIELD_ERRORS = [
  'min_players must be an integer', 'min_players must be at least 1',
  'min_players must not be greater than max_players', 'title must not be empty', '<field> must be true or false',
  'app_tags must be an array of lowercase tags',
]
const gameInput = (extra: Record<string, Schema> = {}) => ({
  pack_name: string('The pack; created when first named'),
  title: string('Unique within its pack'),
  min_players: integer(undefined, { minimum: 1 }),
  max_players: integer('At least min_players', { minimum: 1 }),
  length_minutes: nullable(integer(undefined, { minimum: 1 })),
  has_audience: boolean(),
  family_friendly: boolean(),
  game_type: nullable(string()),
  secondary_type: nullable(string()),
  ticker: nullable(string('2 to 8 letters or digits, upper-cased; unique in any case; null for none',
    { pattern: '^[A-Za-z0-9]{2,8}$' })),
  app_tags: arrayOf(string(undefined, { pattern: '^[a-z0-9-]{2,40}$' }),
    'The Jackbox app tags of the game (what the room service calls it); a tag given twice counts once. Default []'),
  ...extra,
})
const favorBody = { schema: input({ favor_bias: integer(undefined, { enum: [-1, 0, 1] }) }, ['favor_bias']) }
const INVALID_FAVOR = 'favor_bias must be 1 (favor), -1 (disfavor), or 0 (neutral)'
const DUPLICATE = 'A game with this title already exists in this pack'
const INVALID_TICKER = 'ticker must be 2 to 8 letters or digits'
const TICKER_TAKEN = 'Ticker already in use: TICKER'

const filters = {
  enabled: { schema: { type: 'boolean' }, description: 'Only enabled (true) or disabled (false) games' },
  playerCount: { schema: { type: 'integer' }, description: 'Games with min_players <= n <= max_players' },
  drawing: { schema: { enum: ['only', 'exclude'] }, description: '`only`: game_type or secondary_type is "Drawing" (any case); `exclude`: neither is' },
  length: { schema: { enum: ['short', 'medium', 'long'] }, description: 'short <= 15 min, medium 16-25, long >= 26; games without a length match none' },
  familyFriendly: { schema: { type: 'boolean' }, description: 'Equals the family_friendly flag' },
  pack: { schema: { type: 'string' }, description: 'Exact pack name' },
}

export const gamePaths = pathItems('Games', {
  '/api/games': {
    get: {
      summary: 'List games',
      description: 'Ordered by pack_name, then title. An empty parameter (`drawing=`) is the same as leaving it out.',
      query: filters,
      ok: { description: 'The matching games', schema: arrayOf(ref('Game')) },
      errors: { 400: ['playerCount must be an integer', 'drawing must be one of: only, exclude', 'length must be one of: short, medium, long', 'enabled must be true or false', 'familyFriendly must be true or false'] },
    },
    post: {
      summary: 'Add a game', scope: 'catalogue',
      description: 'New games are enabled, neutral (favor_bias 0) and without plays or votes.',
      body: { schema: input(gameInput(), ['pack_name', 'title', 'min_players', 'max_players']) },
      ok: { status: 201, description: 'The new game', schema: ref('Game') },
      errors: { 400: ['Missing required fields', ...FIELD_ERRORS, INVALID_TICKER], 409: [DUPLICATE, TICKER_TAKEN] },
    },
  },
  '/api/games/packs': {
    get: {
      summary: 'List packs', ok: { description: 'Every pack, by name', schema: arrayOf(ref('Pack')) },
    },
  },
  '/api/games/meta/packs': {
    get: {
      summary: 'Pack counts', ok: { description: 'The packs that have games, by name', schema: arrayOf(ref('PackMeta')) },
    },
  },
  '/api/games/export/csv': {
    get: {
      summary: 'Export games as CSV', scope: 'catalogue',
      description: 'Every game, disabled ones too, by pack then title. Columns: Pack Name, Title, Min Players, '
        + 'Max Players, Length (minutes), Audience, Family Friendly, Game Type, Secondary Type (flags as Yes/No), Ticker.',
      ok: {
        description: 'A download named `games-export-YYYY-MM-DD.csv`',
        content: { 'text/csv': { type: 'string' } },
        headers: { 'Content-Disposition': { $ref: '#/components/headers/ContentDisposition' } },
      },
    },
  },
  '/api/games/import/csv': {
    post: {
      summary: 'Import games from CSV', scope: 'catalogue',
      description: 'Upserts by (pack, title) in one transaction: an existing game keeps its id, flags, favor and history. '
        + '`replace` also deletes every game not in the file, with its session rows and votes. A bad row changes nothing. '
        + 'With a Ticker column each row sets its game\'s ticker (empty: none); without one, tickers stay as they are.',
      body: {
        schema: input({
          csvData: string('CSV text with the export\'s header row (case-insensitive; unknown columns ignored)'),
          mode: string(undefined, { enum: ['append', 'replace'], default: 'append' }),
        }, ['csvData']),
      },
      ok: { description: 'How many games the file held', schema: messageAnd({ count: integer(), mode: string(undefined, { enum: ['append', 'replace'] }) }) },
      errors: {
        400: ['CSV data required', 'mode must be append or replace', 'CSV header is missing: <columns>', 'Row N: <problem>', 'Invalid CSV: <problem>'],
        409: [TICKER_TAKEN],
      },
    },
  },
  '/api/games/packs/{name}/favor': {
    patch: {
      summary: 'Set a pack\'s favor', scope: 'catalogue', body: favorBody,
      ok: { description: 'The new bias', schema: messageAnd({ favor_bias: integer(undefined, { enum: [-1, 0, 1] }) }) },
      errors: { 400: [INVALID_FAVOR], 404: ['Pack not found'] },
    },
  },
  '/api/games/packs/{name}/toggle': {
    patch: {
      summary: 'Enable or disable a pack', scope: 'catalogue',
      body: { schema: input({ enabled: boolean() }, ['enabled']) },
      ok: { description: '"Pack enabled" or "Pack disabled", and how many games the pack has', schema: messageAnd({ gamesAffected: integer() }) },
      errors: { 400: ['enabled status required'], 404: ['Pack not found'] },
    },
  },
  '/api/games/{id}': {
    get: {
      summary: 'Get a game', ok: { description: 'The game', schema: ref('Game') }, errors: { 404: ['Game not found'] },
    },
    put: {
      summary: 'Update a game', scope: 'catalogue',
      description: 'Only the given fields change. A new pack_name creates the pack.',
      body: { required: false, schema: input(gameInput({ enabled: boolean() })) },
      ok: { description: 'The updated game', schema: ref('Game') },
      errors: { 400: [...FIELD_ERRORS, INVALID_TICKER], 404: ['Game not found'], 409: [DUPLICATE, TICKER_TAKEN] },
    },
    delete: {
      summary: 'Delete a game', scope: 'catalogue',
      description: 'Its session rows and votes go with it.',
      ok: { description: '"Game deleted successfully"', schema: messageAnd() },
      errors: { 404: ['Game not found'] },
    },
  },
  '/api/games/{id}/toggle': {
    patch: {
      summary: 'Flip a game\'s enabled flag', scope: 'catalogue',
      ok: { description: 'The game, enabled flipped', schema: ref('Game') }, errors: { 404: ['Game not found'] },
    },
  },
  '/api/games/{id}/favor': {
    patch: {
      summary: 'Set a game\'s favor', scope: 'catalogue', body: favorBody,
      ok: { description: '"Favor bias updated"', schema: messageAnd({ favor_bias: integer(undefined, { enum: [-1, 0, 1] }) }) },
      errors: { 400: [INVALID_FAVOR], 404: ['Game not found'] },
    },
  },
})
