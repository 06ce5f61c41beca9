// The polls part of the sqlite Store: reads and writes. One writer at a time, so a vote's
// condition (the poll open, before its closing time) and its upsert are one statement; the
// candidates' counts follow from triggers (migration 005).
import type { PollReads, PollWrites } from '@game-picker/core'
import type { SqlReader, SqlWriter } from './sql-types.ts'

export function createPollReads(db: SqlReader): PollReads {
  return {
    getPoll: async (id) => db.get('SELECT * FROM polls WHERE id = ?', [id]) ?? null,
    getOpenPoll: async () => db.get("SELECT * FROM polls WHERE status = 'open'") ?? null,
    listPolls: async (limit) => db.all('SELECT * FROM polls ORDER BY id DESC LIMIT ?', [limit]),
    listPollCandidates: async (pollIds) => pollIds.length === 0 ? [] : db.all(
      `SELECT * FROM poll_candidates WHERE poll_id IN (${pollIds.map(() => '?').join(', ')}) ORDER BY poll_id, number`,
      [...pollIds]),
    tallyPollVotes: async (pollId) =>
      db.all('SELECT number, votes FROM poll_candidates WHERE poll_id = ? ORDER BY number', [pollId]),
    countAddressVoters: async (pollId, address, voter) => {
      const row = db.get<{ voters: number; known: number }>(
        `SELECT COUNT(*) AS voters, COALESCE(SUM(voter = ?), 0) AS known FROM poll_votes
         WHERE poll_id = ? AND address = ? AND voter_kind = 'phone'`, [voter, pollId, address])!
      return { voters: row.voters, known: row.known > 0 }
    },
  } as PollReads
}

export function createPollWrites(db: SqlWriter, reads: PollReads): PollWrites {
  return {
    async insertPoll(poll, gameIds) {
      const { lastInsertRowid: id } = db.run(
        "INSERT INTO polls (status, created_at, closes_at, add_winner) VALUES ('open', ?, ?, ?)",
        [poll.created_at, poll.closes_at, poll.add_winner])
      db.run(`INSERT INTO poll_candidates (poll_id, number, game_id) VALUES ${gameIds.map(() => '(?, ?, ?)').join(', ')}`,
        gameIds.flatMap((gameId, i) => [id, i + 1, gameId]))
      return (await reads.getPoll(id))!
    },
    recordPollVote: async (vote) => db.run(
      `INSERT INTO poll_votes (poll_id, voter_kind, voter, choice, address, voted_at)
       SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (
         SELECT 1 FROM polls WHERE id = ? AND status = 'open' AND (closes_at IS NULL OR closes_at > ?))
       ON CONFLICT (poll_id, voter_kind, voter) DO UPDATE SET choice = excluded.choice, voted_at = excluded.voted_at`,
      [vote.poll_id, vote.voter_kind, vote.voter, vote.choice, vote.address, vote.voted_at, vote.poll_id, vote.voted_at],
    ).changes > 0,
    closePoll: async (id, closedAt) =>
      db.run("UPDATE polls SET status = 'closed', closed_at = ? WHERE id = ? AND status = 'open'", [closedAt, id]).changes > 0,
    setPollResult: async (id, result) =>
      void db.run('UPDATE polls SET winner_number = ?, session_game_id = ? WHERE id = ?', [result.winnerNumber, result.sessionGameId, id]),
  }
}
