// Error bodies: always `{ error }`, with the extra fields a few answers add.
import { arrayOf, dateTime, integer, number, object, type Schema, string } from './schema.ts'

const error = string('What went wrong, in words meant for people')

export const errorSchemas: Record<string, Schema> = {
  Error: object({ error }, undefined, { description: 'Every error body has `error`' }),
  ActiveSessionError: object({ error, activeSessionId: integer('The session that is active') }, ['error']),
  PickNotFoundError: object({
    error,
    suggestion: string('What to change'),
    recentlyPlayed: arrayOf(integer(), 'The game ids left out because the session played them'),
  }, ['error']),
  VoteNotFoundError: object({
    error,
    debug: object({ voteTimestamp: dateTime(), sessionGames: arrayOf(object({ title: string(), played_at: dateTime() })) }),
  }, ['error']),
  DuplicateVoteError: object({
    error,
    message: string('"Please wait before voting again"'),
    timeSinceLastVote: number('Milliseconds to this user\'s nearest vote'),
  }),
  UnavailableError: object({
    error,
    pid: integer('With a database file locked by another process: its pid'),
    file: string('With a database file locked by another process: the file'),
  }, ['error'], { description: 'The store cannot answer now; try again later' }),
}
