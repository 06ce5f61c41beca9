// The API's Poll, assembled from the stored poll, its candidates (with their counts, which the
// store keeps as votes arrive), their games and the session game its winner became.
import type { PollCandidateRecord, PollRecord, StoreReads } from '../store/store.ts'
import type { Game, Poll, PollTally } from '../common/types.ts'

type Counts = readonly { number: number; votes: number }[]

const gamesById = new WeakMap<readonly Game[], Map<number, Game>>()

/** The catalogue by id, worked out once per catalogue array (the store reuses it until it changes). */
export function indexGames(games: readonly Game[]): Map<number, Game> {
  let byId = gamesById.get(games)
  if (!byId) gamesById.set(games, byId = new Map(games.map((game) => [game.id, game])))
  return byId
}

export function toTally(pollId: number, counts: Counts): PollTally {
  return { poll_id: pollId, candidates: counts.map(({ number, votes }) => ({ number, votes })), total_votes: total(counts) }
}

const total = (counts: Counts) => counts.reduce((sum, count) => sum + count.votes, 0)

/**
 * The Poll as the API shows it; `counts`, when given, are newer than the candidates' own (a vote
 * reads only those). A candidate whose game was deleted from the catalogue is left out.
 */
export function toPoll(
  record: PollRecord, candidates: readonly PollCandidateRecord[], games: Map<number, Game>,
  extra: { counts?: Counts; sessionGame?: Poll['session_game'] } = {},
): Poll {
  const live = extra.counts && new Map(extra.counts.map((count) => [count.number, count.votes]))
  const shown = candidates.flatMap((candidate) => {
    const game = games.get(candidate.game_id)
    return game ? [{ number: candidate.number, game, votes: live?.get(candidate.number) ?? candidate.votes }] : []
  })
  const winner = shown.find((candidate) => candidate.number === record.winner_number)
  return {
    id: record.id,
    status: record.status,
    candidates: shown,
    total_votes: total(shown),
    created_at: record.created_at,
    closes_at: record.closes_at,
    closed_at: record.closed_at,
    add_winner: record.add_winner === 1,
    winner: winner ? { number: winner.number, game: winner.game } : null,
    session_game: extra.sessionGame ?? null,
  }
}

/** The polls as the API shows them, read in `tx`. */
export async function readPolls(tx: StoreReads, records: readonly PollRecord[]): Promise<Poll[]> {
  if (records.length === 0) return []
  const games = indexGames(await tx.listGames())
  const candidates = await tx.listPollCandidates(records.map((record) => record.id))
  const polls: Poll[] = []
  for (const record of records) {
    const own = candidates.filter((candidate) => candidate.poll_id === record.id)
    const sessionGame = record.session_game_id === null ? null : await tx.getSessionGame(record.session_game_id)
    polls.push(toPoll(record, own, games, { sessionGame }))
  }
  return polls
}
