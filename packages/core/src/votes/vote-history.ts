// The votes as history: every vote, newest first, paged by id and filtered; and one session's
// tally per game. Reads only; a page costs the same however many votes are stored (indexes on
// the session, the game and the id; see the stores).
import type { CoreContext } from '../common/context.ts'
import { invalidInput } from '../common/errors.ts'
import { readOptionalId, readPageLimit } from '../common/paging.ts'
import { getSessionOrThrow } from '../sessions/sessions.ts'
import type { VoteFilter } from '../store/store.ts'
import type { SessionVoteTally, Vote, VoteType } from '../common/types.ts'
import { asFields } from '../common/validate.ts'

export const VOTE_PAGE = { default: 100, max: 500 }

export interface VotePage {
  votes: Vote[]
  /** The last vote's id when older votes exist (pass it as `before`), else null. */
  next_before: number | null
}

/** The query of GET /api/votes, validated; each bad value is a 400 naming its parameter. */
export function readVoteQuery(input: unknown): VoteFilter & { limit: number; beforeId: number | null } {
  const query = asFields(input)
  const username = query.username === undefined || query.username === '' ? null : query.username
  if (username !== null && typeof username !== 'string') throw invalidInput('username must be a string')
  const type = query.type === undefined || query.type === '' ? null : query.type
  if (type !== null && type !== 'up' && type !== 'down') throw invalidInput('type must be up or down')
  return {
    sessionId: readOptionalId(query.session_id, 'session_id'),
    gameId: readOptionalId(query.game_id, 'game_id'),
    username,
    type: type as VoteType | null,
    limit: readPageLimit(query.limit, VOTE_PAGE.max, VOTE_PAGE.default),
    beforeId: readOptionalId(query.before, 'before'),
  }
}

const inApiOrder = ({ id, session_id, game_id, session_game_id, username, type, timestamp }: Vote): Vote =>
  ({ id, session_id, game_id, session_game_id, username, type, timestamp })

export function createVoteHistory(ctx: CoreContext) {
  return {
    /** Newest first (by id), at most `limit`, below `before`. */
    list: async (input: unknown = {}): Promise<VotePage> => {
      const { limit, beforeId, ...filter } = readVoteQuery(input)
      // One more than the page: whether older votes exist, without counting them.
      const votes = await ctx.store.read((tx) => tx.listVoteHistory(filter, beforeId, limit + 1))
      const more = votes.length > limit
      if (more) votes.length = limit
      return { votes: votes.map(inApiOrder), next_before: more ? votes[limit - 1].id : null }
    },

    /** The session's votes per game: by net, then upvotes, then title. */
    sessionTally: (sessionId: number): Promise<SessionVoteTally[]> =>
      ctx.store.read(async (tx) => {
        await getSessionOrThrow(tx, sessionId)
        return tx.tallySessionVotes(sessionId)
      }),
  }
}
