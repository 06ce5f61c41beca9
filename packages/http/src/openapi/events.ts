// The events: what a webhook receives and what the live stream sends, one body for both. The
// types are the core's own list, so a new type without a schema here fails the typecheck.
import { EVENT_TYPES, type EventType } from '@game-picker/core'
import { boolean, dateTime, integer, object, ref, type Schema, string } from './schema.ts'

const voteSession = object({ id: integer(), games_played: integer() })
const voteGame = object({ id: integer(), title: string(), upvotes: integer(), downvotes: integer(), popularity_score: integer() })
const vote = (usernameNote: string, required: string[]) => object({
  username: string(usernameNote),
  type: string(undefined, { enum: ['up', 'down'] }),
  timestamp: dateTime('The vote time, normalised to ISO 8601 UTC'),
}, required)

/** The `data` of each event type. */
const eventData: Record<EventType, { when: string; data: Schema }> = {
  'session.started': { when: 'A session was started.', data: object({ session: ref('Session') }) },
  'session.ended': { when: 'A session was closed.', data: object({ session: ref('Session') }) },
  'game.added': {
    when: 'A game was added to a session (the webhook test endpoint sends one with placeholder data, ids 0).',
    data: object({
      session: object({ id: integer(), is_active: boolean(), games_played: integer('Counts the game just added') }),
      game: object({
        id: integer(), title: string(), pack_name: string(), min_players: integer(), max_players: integer(),
        manually_added: boolean(),
      }),
    }),
  },
  'vote.received': {
    when: 'A live vote was recorded (chat imports send none).',
    data: object({
      session: ref('LiveVoteSession'),
      game: ref('LiveVoteGame'),
      vote: vote('Always sent to webhooks; on the event stream only to a connection with a token holding the scope `votes`',
        ['type', 'timestamp']),
    }),
  },
  'chat.connected': {
    when: 'A chat connector joined its channel (at start, and again after each reconnect or takeover).',
    data: object({ platform: string('twitch, discord or youtube'), channel: string('What is read: the Twitch channel, the Discord channel id, the YouTube video id') }),
  },
  'chat.disconnected': {
    when: 'A chat connector\'s connection ended (dropped, stopped, the server stopping or found dead by another).',
    data: object({ platform: string('twitch, discord or youtube'), channel: string('What is read: the Twitch channel, the Discord channel id, the YouTube video id') }),
  },
  'session_game.updated': {
    when: 'A session game changed status, room code, player count or player-check status, including a '
      + '`playing` game becoming `played` because another was added or the session closed.',
    data: object({ session_game: ref('SessionGame') }),
  },
  'room.updated': {
    when: 'A followed room\'s roster, state or lock changed: at most one a second per room, the latest state always sent.',
    data: object({ session_game_id: integer(), room: ref('Room') }),
  },
  'room.ended': {
    when: 'A followed room closed (the room service said `room/exit`, or the room was gone after being seen); once per room.',
    data: object({ session_game_id: integer(), room: ref('Room') }),
  },
  'queue.updated': {
    when: 'The viewer queue changed (a join, a leave, seats, a room\'s roster): at most one a second, the latest state always sent.',
    data: object({ session_id: integer(), queue: ref('Queue') }),
  },
  'poll.opened': { when: 'A poll was opened.', data: object({ poll: ref('Poll') }) },
  'poll.voted': {
    when: 'Votes were cast: the tally as it is now, at most about four times a second per poll; it never names a voter.',
    data: ref('PollTally'),
  },
  'poll.closed': {
    when: 'A poll was closed (by hand or when its time ran out), with its final counts and winner; once per poll.',
    data: object({ poll: ref('Poll') }),
  },
}

const dataName = (type: string) => `${type.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toUpperCase())}Event`

export const eventSchemas: Record<string, Schema> = {
  EventType: string('An event type', { enum: [...EVENT_TYPES] }),
  LiveVoteSession: voteSession,
  LiveVoteGame: voteGame,
  LiveVote: vote('The name given in the request', ['username', 'type', 'timestamp']),
  ...Object.fromEntries(EVENT_TYPES.map((type) => [dataName(type), object({
    event: string(undefined, { const: type }),
    timestamp: dateTime('When the event happened'),
    data: eventData[type].data,
  }, undefined, { description: eventData[type].when })])),
  Event: { oneOf: EVENT_TYPES.map((type) => ref(dataName(type))), description: 'The body of any event' },
}

export const eventSchemaNames = EVENT_TYPES.map((type) => ({ type, name: dataName(type), when: eventData[type].when }))
