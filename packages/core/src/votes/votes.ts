// Live votes: one vote from chat, matched to the game playing at its timestamp.
import type { CoreContext } from '../common/context.ts'
import { conflict, invalidInput, notFound } from '../common/errors.ts'
import { transactionWithEvents } from '../events/events.ts'
import { getGameOrThrow } from '../catalogue/games.ts'
import type { StoreTx } from '../store/store.ts'
import { readTicker } from '../catalogue/tickers.ts'
import type { Game, Session, VoteType } from '../common/types.ts'
import { asFields, isMissing, parseTimestamp } from '../common/validate.ts'
import { duplicateWindow, matchSessionGame, timeline } from './vote-matching.ts'

export interface LiveVoteResult {
  success: true
  message: string
  session: { id: number; games_played: number }
  game: { id: number; title: string; upvotes: number; downvotes: number; popularity_score: number }
  vote: { username: string; type: VoteType; timestamp: string }
}

export function createVotes(ctx: CoreContext) {
  return {
    live: async (input: unknown): Promise<LiveVoteResult> => {
      const fields = asFields(input)
      if (['username', 'vote', 'timestamp'].some((key) => isMissing(fields[key]))) {
        throw invalidInput('Missing required fields: username, vote, timestamp')
      }
      if (typeof fields.username !== 'string') throw invalidInput('username must be a string')
      if (fields.vote !== 'up' && fields.vote !== 'down') throw invalidInput('vote must be either "up" or "down"')
      const timestamp = parseTimestamp(fields.timestamp)
      if (!timestamp) throw invalidInput('Invalid timestamp format')
      const username = fields.username
      const type: VoteType = fields.vote
      const ticker = fields.ticker === undefined || fields.ticker === null ? null : readTicker(fields.ticker)
      if (ticker) return recordTickerVote(ctx, { username, type, timestamp, ticker })

      // The event's time, read once whichever way the vote is recorded (so both ways read the
      // clock alike). A store that can record the plain case in one step does (PostgreSQL: one
      // round trip).
      const at = ctx.now()
      const recorded = await ctx.store.recordLiveVote?.({
        username, type, timestamp, ...duplicateWindow(timestamp), now: at.toISOString(),
      })
      if (recorded) {
        ctx.changed('events')
        if (recorded.deliveries > 0) ctx.changed('deliveries')
        return voteResult(recorded.session, recorded.game, { username, type, timestamp })
      }

      return transactionWithEvents(ctx, async (tx, emit) => {
        const session = await tx.getActiveSession()
        if (!session) throw notFound('No active session')
        const rows = await tx.listSessionTimeline(session.id)
        if (rows.length === 0) throw notFound('No games played in the active session')
        const row = matchSessionGame(rows, timestamp)
        if (!row) {
          throw notFound('Vote timestamp does not match any game in the session', {
            debug: { voteTimestamp: timestamp, sessionGames: timeline(rows) },
          })
        }
        await assertNoRecentVote(tx, session.id, username, timestamp)
        await tx.insertVote({
          session_id: session.id, session_game_id: row.id, game_id: row.game_id, username, type, timestamp,
        })
        const game = await getGameOrThrow(tx, row.game_id)
        const result = voteResult(session, game, { username, type, timestamp })
        await emit('vote.received', { session: result.session, game: result.game, vote: result.vote })
        return result
      }, at)
    },
  }
}

/**
 * A vote naming its game by ticker: it goes to that game in the active session, whatever is
 * playing, with no session game (no timestamp matching; the timestamp is stored as given).
 */
function recordTickerVote(ctx: CoreContext, vote: { username: string; type: VoteType; timestamp: string; ticker: string }) {
  const { username, type, timestamp, ticker } = vote
  return transactionWithEvents(ctx, async (tx, emit) => {
    const session = await tx.getActiveSession()
    if (!session) throw notFound('No active session')
    const target = await tx.findGameByTicker(ticker)
    if (!target) throw notFound(`Unknown ticker: ${ticker}`)
    await assertNoRecentVote(tx, session.id, username, timestamp)
    await tx.insertVote({ session_id: session.id, session_game_id: null, game_id: target.id, username, type, timestamp })
    const game = await getGameOrThrow(tx, target.id)
    const result = voteResult(session, game, { username, type, timestamp })
    await emit('vote.received', { session: result.session, game: result.game, vote: result.vote })
    return result
  }, ctx.now())
}

/** The 1-second rule, per username across both kinds of vote: 409 when they voted within it. */
async function assertNoRecentVote(tx: StoreTx, sessionId: number, username: string, timestamp: string): Promise<void> {
  const { from, to } = duplicateWindow(timestamp)
  // The window is read-then-write: one user's votes are checked one at a time, on any server.
  await tx.lock(`votes:${sessionId}:${username}`)
  const previous = await tx.findNearestVote(sessionId, username, from, to)
  if (previous) {
    throw conflict('Duplicate vote', {
      message: 'Please wait before voting again',
      timeSinceLastVote: Math.abs(Date.parse(timestamp) - Date.parse(previous.timestamp)),
    })
  }
}

/** The answer to a recorded live vote, however the store recorded it. */
function voteResult(
  session: Pick<Session, 'id' | 'games_played'>,
  game: Pick<Game, 'id' | 'title' | 'upvotes' | 'downvotes' | 'popularity_score'>,
  vote: LiveVoteResult['vote'],
): LiveVoteResult {
  return {
    success: true,
    message: 'Vote recorded successfully',
    session: { id: session.id, games_played: session.games_played },
    game: { id: game.id, title: game.title, upvotes: game.upvotes, downvotes: game.downvotes, popularity_score: game.popularity_score },
    vote,
  }
}
