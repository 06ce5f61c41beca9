// The viewer queue: viewers line up from chat, the host seats the next ones, the room shows who came.
import { pathItems } from '../operation.ts'
import { arrayOf, boolean, dateTime, input, integer, nullable, object, ref, string } from '../schema.ts'

const NO_SESSION = 'No active session'

const QueueEntry = object({
  id: integer(),
  user: string('Who: a Twitch login, `discord:NAME`, `youtube:CHANNEL_ID`, or `host:NAME` for one added by hand'),
  name: string('The display name (Twitch\'s display-name, Discord\'s global name, YouTube\'s display name, or the name given)'),
  seat_name: string('The name to type into the game: the letters A-Z and digits of `name`, upper-cased, accents dropped, at most 12 '
    + '(from `user` when `name` has none)'),
  state: string('waiting: in line; seated: seated for a game; joined: seen in that game\'s room; no_show: not in the room when it locked',
    { enum: ['waiting', 'seated', 'joined', 'no_show'] }),
  position: nullable(integer('From 1, the fair order of the waiting line: fewest games played first, then who waited longest; null when not waiting')),
  games_played: integer('Games of this session the entry sat in'),
  joined_at: dateTime('When it last entered the waiting line'),
  session_game_id: nullable(integer('The game it is seated for; null while waiting, or seated before any game was playing (then for the next one)')),
}, undefined, { description: 'One viewer in the queue.' })

const Queue = object({
  session_id: integer(),
  open: boolean('Whether new joins are taken'),
  host_players: integer('Players of the host\'s own (0 to 8): a seating without a count leaves their seats free'),
  entries: arrayOf(ref('QueueEntry'), 'The waiting line by position, then the others in the order they were seated'),
  unseated: arrayOf(string(), 'Names of the players in the seated game\'s room whom nobody seated; [] without a followed room'),
}, undefined, { description: 'The active session\'s viewer queue.' })

export const queueSchemas = { Queue, QueueEntry }

const changed = { description: 'The queue as it is now', schema: ref('Queue') }

export const queuePaths = pathItems('Queue', {
  '/api/queue': {
    get: {
      summary: 'The viewer queue',
      description: 'The active session\'s queue; each session starts with it closed and empty. Viewers join with `!join` and leave with '
        + '`!leave` (the first word of a message, any case) in any chat the server reads, and with `/join` and `/leave` in Discord; each '
        + 'message counts once. A join while the queue is closed, by someone already in it, or with 200 entries changes nothing. '
        + 'A seated entry becomes `joined` when the followed room\'s roster shows a player whose letters and digits, upper-cased, are its '
        + '`seat_name`; when the room locks, seated entries not joined become `no_show`. When the seated game stops playing, `joined` and '
        + '`seated` entries get a game played and go back in line; `no_show` entries leave. Changes are sent as `queue.updated`.',
      ok: { description: 'The queue', schema: ref('Queue') },
      errors: { 404: [NO_SESSION] },
    },
  },
  '/api/queue/open': {
    post: {
      summary: 'Open the queue', scope: 'sessions',
      body: { schema: input({ host_players: integer('0 to 8; absent: as it was (1 at first)', { minimum: 0, maximum: 8 }) }, []) },
      ok: changed,
      errors: { 400: ['host_players must be an integer from 0 to 8'], 404: [NO_SESSION] },
    },
  },
  '/api/queue/close': {
    post: {
      summary: 'Close the queue', scope: 'sessions',
      description: 'New joins are refused; the entries stay, and `!leave` still works.',
      ok: changed,
      errors: { 404: [NO_SESSION] },
    },
  },
  '/api/queue/entries': {
    post: {
      summary: 'Add a viewer by hand', scope: 'sessions',
      description: 'Open or closed; the entry\'s `user` is `host:NAME` (the trimmed name).',
      body: { schema: input({ name: string('1 to 25 characters after trimming') }, ['name']) },
      ok: { status: 201, description: 'The new entry', schema: ref('QueueEntry') },
      errors: { 400: ['name must be 1 to 25 characters'], 404: [NO_SESSION], 409: ['Already in the queue', 'The queue is full'] },
    },
  },
  '/api/queue/entries/{id}': {
    delete: {
      summary: 'Remove an entry', scope: 'sessions',
      ok: { description: 'The entry removed', schema: ref('QueueEntry') },
      errors: { 400: ['Invalid id'], 404: [NO_SESSION, 'Queue entry not found'] },
    },
  },
  '/api/queue/seat': {
    post: {
      summary: 'Seat the next viewers', scope: 'sessions',
      description: 'Seats the first `count` waiting entries (fewer if fewer wait) for the game playing: state `seated`, or `joined` at once '
        + 'when the followed room already shows them. Without a count: the playing game\'s max_players less `host_players`. With no game '
        + 'playing, a count seats them for the next game to start.',
      body: { schema: input({ count: integer('1 to 16', { minimum: 1, maximum: 16 }) }, []) },
      ok: changed,
      errors: { 400: ['count must be an integer from 1 to 16', 'count is required when no game is playing'], 404: [NO_SESSION] },
    },
  },
})
