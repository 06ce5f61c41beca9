// The polls part of the PostgreSQL Store. A vote is one round trip: a shared advisory lock on its
// poll, then the upsert, which runs only while the poll is open and before its closing time. A
// closing takes that lock exclusively, so it waits for the votes in flight (and counts them),
// and votes that come after it wait for it and then find the poll closed. An advisory lock, not
// FOR SHARE on the poll's row: hundreds of votes a second sharing one row lock made PostgreSQL
// build a new MultiXact for each. A poll opens in one statement with its candidates.
import type { ChangeTopic, PollReads, PollWrites } from '@game-picker/core'
import type { BatchDb, Db } from './db.ts'

const ids = (values: readonly number[]) => `{${values.join(',')}}`
/** The key votes share and a closing takes alone (the core's tx.lock keys hash the same way). */
const closingLock = (pollId: number) => `poll-closing:${pollId}`

export function createPollReads(db: Db): PollReads {
  return {
    getPoll: (id) => db.get('SELECT * FROM polls WHERE id = $1', [id]),
    getOpenPoll: () => db.get("SELECT * FROM polls WHERE status = 'open'"),
    listPolls: (limit) => db.all('SELECT * FROM polls ORDER BY id DESC LIMIT $1', [limit]),
    listPollCandidates: async (pollIds) => pollIds.length === 0 ? [] : db.all(
      'SELECT * FROM poll_candidates WHERE poll_id = ANY($1::bigint[]) ORDER BY poll_id, number', [ids(pollIds)]),
    tallyPollVotes: (pollId) => db.all('SELECT number, votes FROM poll_candidates WHERE poll_id = $1 ORDER BY number', [pollId]),
    countAddressVoters: async (pollId, address, voter) => {
      const row = (await db.get<{ voters: number; known: number }>(
        `SELECT COUNT(*) AS voters, COUNT(*) FILTER (WHERE voter = $3) AS known FROM poll_votes
         WHERE poll_id = $1 AND address = $2 AND voter_kind = 'phone'`, [pollId, address, voter]))!
      return { voters: row.voters, known: row.known > 0 }
    },
  } as PollReads
}

/** `changed(topic)` tells other instances, at commit, what this transaction changed. */
export function createPollWrites(db: BatchDb, changed: (topic: ChangeTopic) => void): PollWrites {
  return {
    insertPoll: async (poll, gameIds) => {
      changed('polls')
      return (await db.get(
        `WITH p AS (
           INSERT INTO polls (status, created_at, closes_at, add_winner) VALUES ('open', $1, $2, $3) RETURNING *),
         c AS (
           INSERT INTO poll_candidates (poll_id, number, game_id)
           SELECT p.id, u.number, u.game_id FROM p, unnest($4::bigint[]) WITH ORDINALITY AS u(game_id, number))
         SELECT * FROM p`,
        [poll.created_at, poll.closes_at, poll.add_winner, ids(gameIds)]))!
    },
    recordPollVote: async (vote) => {
      db.defer('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [closingLock(vote.poll_id)])
      return (await db.run(
        `INSERT INTO poll_votes (poll_id, voter_kind, voter, choice, address, voted_at)
         SELECT id, $2::text, $3::text, $4::bigint, $5::text, $6::text FROM polls
         WHERE id = $1 AND status = 'open' AND (closes_at IS NULL OR closes_at > $6::text)
         ON CONFLICT (poll_id, voter_kind, voter) DO UPDATE SET choice = excluded.choice, voted_at = excluded.voted_at`,
        [vote.poll_id, vote.voter_kind, vote.voter, vote.choice, vote.address, vote.voted_at])) > 0
    },
    closePoll: async (id, closedAt) => {
      db.defer('SELECT pg_advisory_xact_lock(hashtext($1))', [closingLock(id)])
      return (await db.run("UPDATE polls SET status = 'closed', closed_at = $2 WHERE id = $1 AND status = 'open'", [id, closedAt])) > 0
    },
    setPollResult: async (id, result) => db.defer('UPDATE polls SET winner_number = $2, session_game_id = $3 WHERE id = $1',
      [id, result.winnerNumber, result.sessionGameId]),
  }
}
