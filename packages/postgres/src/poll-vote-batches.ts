// Chat votes on a poll in batches: up to BATCHES transactions at once, each carrying every vote
// that waited for one (up to 100), so a stream's chat pays one commit for many votes instead of
// one each, and a candidate's count row is locked once per batch rather than once per vote (a
// vote per transaction made hundreds of votes a second queue on the candidates' rows). Each
// transaction: the polls' shared closing locks (see poll-store.ts), the candidates' rows in key
// order (so batches and single votes never deadlock), one upsert of every vote, the tallies.
import type { NewPollVote } from '@game-picker/core'
import type pg from 'pg'
import { inline } from './db.ts'
import { isConnectionError, isRetryable, toStoreError } from './errors.ts'

type Tally = { number: number; votes: number }[]
interface Pending { vote: NewPollVote; resolve: (tally: Tally | null) => void; reject: (error: unknown) => void }

const BATCHES = 4
const BATCH_SIZE = 100

export function createPollVoteBatches(options: {
  withConnection: <T>(fn: (client: pg.PoolClient) => Promise<T>) => Promise<T>
  maxAttempts: number
}) {
  const pending: Pending[] = []
  let running = 0

  const send = () => {
    while (running < BATCHES && pending.length > 0) {
      running += 1
      void record(pending.splice(0, BATCH_SIZE)).finally(() => {
        running -= 1
        send()
      })
    }
  }

  async function record(batch: Pending[]): Promise<void> {
    for (let attempts = 1; ; attempts++) {
      try {
        const { recorded, tallies } = await options.withConnection((client) => runBatch(client, batch.map((item) => item.vote)))
        for (const { vote, resolve } of batch) {
          resolve(recorded.has(voterKey(vote)) ? tallies.get(vote.poll_id) ?? [] : null)
        }
        return
      } catch (error) {
        if (attempts < options.maxAttempts && isRetryable(error)) {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempts))
          continue
        }
        // Each vote its own answer: alone, the one that fails fails by itself.
        if (batch.length > 1 && !isConnectionError(error)) return void await Promise.all(batch.map((item) => record([item])))
        batch.forEach((item) => item.reject(toStoreError(error)))
        return
      }
    }
  }

  return {
    /** Resolves with the poll's tally once the vote is durable, or null when it was not recorded. */
    record: (vote: NewPollVote): Promise<Tally | null> => new Promise((resolve, reject) => {
      pending.push({ vote, resolve, reject })
      send()
    }),
  }
}

const voterKey = (vote: Pick<NewPollVote, 'poll_id' | 'voter_kind' | 'voter'>) => `${vote.poll_id}\n${vote.voter_kind}\n${vote.voter}`

async function runBatch(client: pg.PoolClient, votes: NewPollVote[]) {
  // One row per voter (the last vote wins, as one after the other would): an upsert may touch a row once.
  const last = [...new Map(votes.map((vote) => [voterKey(vote), vote])).values()]
  const pollIds = [...new Set(last.map((vote) => vote.poll_id))].sort((a, b) => a - b)
  const rows = last.map((vote) => inline(client, '($1::bigint, $2::text, $3::text, $4::bigint, $5::text)',
    [vote.poll_id, vote.voter_kind, vote.voter, vote.choice, vote.voted_at]))
  const polls = `{${pollIds.join(',')}}`
  const results = [await client.query(`BEGIN;
    SELECT pg_advisory_xact_lock_shared(hashtext('poll-closing:' || id)) FROM unnest('${polls}'::bigint[]) AS id ORDER BY id;
    SELECT 1 FROM poll_candidates WHERE poll_id = ANY ('${polls}'::bigint[]) ORDER BY poll_id, number FOR UPDATE;
    INSERT INTO poll_votes (poll_id, voter_kind, voter, choice, address, voted_at)
      SELECT v.poll_id, v.voter_kind, v.voter, v.choice, NULL, v.voted_at
      FROM (VALUES ${rows.join(', ')}) AS v (poll_id, voter_kind, voter, choice, voted_at)
      JOIN polls p ON p.id = v.poll_id
      WHERE p.status = 'open' AND (p.closes_at IS NULL OR p.closes_at > v.voted_at)
    ON CONFLICT (poll_id, voter_kind, voter) DO UPDATE SET choice = excluded.choice, voted_at = excluded.voted_at
    RETURNING poll_id AS recorded_poll, voter_kind, voter;
    SELECT poll_id AS tally_poll, number, votes FROM poll_candidates WHERE poll_id = ANY ('${polls}'::bigint[]) ORDER BY poll_id, number;
    COMMIT`).catch(async (error) => {
    if (!isConnectionError(error)) await client.query('ROLLBACK').catch(() => {})
    throw error
  })].flat()
  const recordedRows = results.find((result) => result.fields?.some((field) => field.name === 'recorded_poll'))!.rows
  const tallyRows = results.find((result) => result.fields?.some((field) => field.name === 'tally_poll'))!.rows
  const tallies = new Map<number, Tally>()
  for (const row of tallyRows) {
    const list = tallies.get(row.tally_poll) ?? []
    list.push({ number: row.number, votes: row.votes })
    tallies.set(row.tally_poll, list)
  }
  return {
    recorded: new Set(recordedRows.map((row) => voterKey({ poll_id: row.recorded_poll, voter_kind: row.voter_kind, voter: row.voter }))),
    tallies,
  }
}
