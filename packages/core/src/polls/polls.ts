// Polls: the room (phones) and the stream (chat) choose among a few candidates. One poll is open
// at a time (a unique index holds it across servers); a vote is one row per poll and voter that
// a later vote moves, refused from the poll's closing time on, so the counts always hold exactly
// the votes received before it; a poll past its closing time is closed by whichever read, vote
// or timer notices first (a conditional update: one wins).
import { type CoreContext, isoNow } from '../common/context.ts'
import { invalidInput, notFound, rateLimited } from '../common/errors.ts'
import { type Emit, transactionWithEvents } from '../events/events.ts'
import { weighCatalogue } from '../picker/odds.ts'
import type { createPicker } from '../picker/picker.ts'
import { addToSession } from '../sessions/session-games.ts'
import { sessionLock } from '../sessions/sessions.ts'
import type { PollCandidateRecord, PollRecord, StoreReads, StoreTx } from '../store/store.ts'
import type { Poll } from '../common/types.ts'
import {
  type Ballot, parseBallot, parseOpenPoll, readChoice, readPollLimit, readUsername,
} from './poll-input.ts'
import { indexGames, readPolls, toPoll, toTally } from './poll-view.ts'
import { chooseWinner } from './poll-winner.ts'

/** Distinct phone voters one address may bring to one poll. */
export const MAX_VOTERS_PER_ADDRESS = 50

/** What never changes about a poll once opened: kept in memory so a vote reads nothing else first. */
interface PollFacts {
  record: PollRecord
  candidates: PollCandidateRecord[]
}
const MAX_KEPT_FACTS = 100

const isDue = (record: PollRecord | null, now: string): boolean =>
  record !== null && record.status === 'open' && record.closes_at !== null && record.closes_at <= now

export function createPolls(ctx: CoreContext, picker: ReturnType<typeof createPicker>) {
  const { store } = ctx
  const voteListeners = new Set<(pollId: number) => void>()
  const facts = new Map<number, PollFacts>()

  async function factsOf(pollId: number): Promise<PollFacts> {
    const known = facts.get(pollId)
    if (known) return known
    const found = await store.read(async (tx) => {
      const record = await tx.getPoll(pollId)
      return record && { record, candidates: await tx.listPollCandidates([pollId]) }
    })
    if (!found) throw notFound('Poll not found')
    if (facts.size >= MAX_KEPT_FACTS) facts.clear()
    facts.set(pollId, found)
    return found
  }

  /**
   * Closes the poll in `tx` unless it is closed already (then false: another closing won). The
   * winner is drawn from the votes before `closes_at` and, with addWinner, added to the active
   * session; `poll.closed` follows the session's own events.
   */
  async function closeIn(tx: StoreTx, emit: Emit, record: PollRecord, closedAt: string): Promise<boolean> {
    if (!(await tx.closePoll(record.id, closedAt))) return false
    // Read after the poll is marked closed: on a shared store, once the votes in flight committed.
    const candidates = await tx.listPollCandidates([record.id])
    const catalogue = weighCatalogue(await tx.listGames(), await tx.listPacks())
    const games = indexGames(await tx.listGames())
    const contenders = candidates.flatMap(({ number, votes, game_id }) => {
      const game = games.get(game_id)
      return game ? [{ number, votes, weight: catalogue.weightOf(game) }] : []
    })
    const winnerNumber = chooseWinner(contenders, ctx.random)
    let sessionGameId: number | null = null
    if (record.add_winner === 1 && winnerNumber !== null) {
      const active = await tx.getActiveSession()
      if (active) {
        await tx.lock(sessionLock(active.id))
        const session = await tx.getSession(active.id) // as it is once this transaction holds it
        const winner = games.get(candidates.find((candidate) => candidate.number === winnerNumber)!.game_id)!
        if (session?.is_active) {
          sessionGameId = (await addToSession(ctx, tx, emit, session, winner, { manuallyAdded: false, roomCode: null })).id
        }
      }
    }
    await tx.setPollResult(record.id, { winnerNumber, sessionGameId })
    const [poll] = await readPolls(tx, [(await tx.getPoll(record.id))!])
    await emit('poll.closed', { poll })
    return true
  }

  /** Closes the open poll if its time has passed (whoever notices first; the others change nothing). */
  async function closeIfDue(known?: PollRecord | null): Promise<void> {
    const open = known === undefined ? await store.read((tx) => tx.getOpenPoll()) : known
    if (!open || !isDue(open, isoNow(ctx))) return
    await transactionWithEvents(ctx, (tx, emit) => closeIn(tx, emit, open, open.closes_at!))
  }

  /** A read of polls, after closing the open one if it is due. */
  async function readAfterDue<T>(fn: (tx: StoreReads) => Promise<T>): Promise<T> {
    await closeIfDue()
    return store.read(fn)
  }

  async function castVote(pollId: number, ballot: Ballot, address: string | null): Promise<Poll> {
    const { record, candidates } = await factsOf(pollId)
    const choice = readChoice(ballot.choice, candidates.length)
    const votedAt = isoNow(ctx)
    const vote = { poll_id: pollId, voter_kind: ballot.kind, voter: ballot.voter, choice, address, voted_at: votedAt }
    // A chat vote has no address to count: a store that can record it in one step does.
    const oneStep = ballot.kind === 'chat' ? await store.recordPollVoteInOneStep?.(vote) : undefined
    const counts = oneStep !== undefined ? oneStep : await store.transaction(async (tx) => {
      let newFromAddress = false
      if (ballot.kind === 'phone') {
        // Counting then adding is read-then-write: one address's voters go one at a time, on any server.
        await tx.lock(`poll-voters:${pollId}:${address}`)
        const { voters, known } = await tx.countAddressVoters(pollId, address!, ballot.voter)
        newFromAddress = !known && voters >= MAX_VOTERS_PER_ADDRESS
      }
      if (!(await tx.recordPollVote(vote))) return null
      if (newFromAddress) throw rateLimited('Too many voters from this address')
      return tx.tallyPollVotes(pollId)
    })
    if (!counts) {
      await closeIfDue()
      throw invalidInput('Poll is closed')
    }
    for (const listener of voteListeners) listener(pollId)
    const games = indexGames(await store.read((tx) => tx.listGames()))
    return toPoll({ ...record, status: 'open' }, candidates, games, { counts })
  }

  return {
    /** Opens a poll (POST /api/polls); one at a time. */
    open: async (input: unknown): Promise<Poll> => {
      const request = parseOpenPoll(input)
      let gameIds: number[]
      if ('gameIds' in request.source) {
        gameIds = request.source.gameIds
      } else {
        const { games = [] } = await picker.pick({ ...request.source.pick, explain: false })
        if (games.length < 2) throw invalidInput('Not enough games for a poll')
        gameIds = games.map((game) => game.id)
      }
      const opened = await transactionWithEvents(ctx, async (tx, emit) => {
        await tx.lock('open-poll')
        const open = await tx.getOpenPoll()
        if (open && isDue(open, isoNow(ctx))) await closeIn(tx, emit, open, open.closes_at!)
        else if (open) throw invalidInput('A poll is already open')
        const games = indexGames(await tx.listGames())
        const refused = gameIds.find((id) => games.get(id)?.enabled !== 1)
        if (refused !== undefined) throw invalidInput(`Unknown or disabled game: ${refused}`)
        const now = ctx.now()
        const record = await tx.insertPoll({
          created_at: now.toISOString(),
          closes_at: request.durationSeconds === null ? null : new Date(now.getTime() + request.durationSeconds * 1000).toISOString(),
          add_winner: request.addWinner ? 1 : 0,
        }, gameIds)
        const [poll] = await readPolls(tx, [record])
        await emit('poll.opened', { poll })
        return poll
      })
      ctx.changed('polls') // the servers' deadline timers
      return opened
    },

    /** GET /api/polls/{id}. */
    get: async (id: number): Promise<Poll> => {
      const [poll] = await readAfterDue(async (tx) => readPolls(tx, [await tx.getPoll(id)].filter((r) => r !== null)))
      if (!poll) throw notFound('Poll not found')
      return poll
    },

    /** GET /api/polls/open: the open poll, else 404 "No open poll". */
    current: async (): Promise<Poll> => {
      const [poll] = await readAfterDue(async (tx) => readPolls(tx, [await tx.getOpenPoll()].filter((r) => r !== null)))
      if (!poll) throw notFound('No open poll')
      return poll
    },

    /** GET /api/polls?limit=N: newest first. */
    list: async (limit?: unknown): Promise<Poll[]> => {
      const count = readPollLimit(limit)
      return readAfterDue(async (tx) => readPolls(tx, await tx.listPolls(count)))
    },

    /** POST /api/polls/{id}/votes: a phone's `voter` (counted per `address`) or a chat `username`. */
    vote: (pollId: number, input: unknown, client: { address: string }): Promise<Poll> => {
      const ballot = parseBallot(input)
      return castVote(pollId, ballot, ballot.kind === 'phone' ? client.address : null)
    },

    /**
     * A chat vote on the open poll, for connectors that read chat (no HTTP): `username` votes
     * for candidate `choice`, or moves their vote there. 404 "No open poll" when none is open.
     */
    voteByUsername: async (username: string, choice: number): Promise<Poll> => {
      const name = readUsername(username)
      const open = await store.read((tx) => tx.getOpenPoll())
      await closeIfDue(open)
      if (!open || isDue(open, isoNow(ctx))) throw notFound('No open poll')
      return castVote(open.id, { kind: 'chat', voter: name, choice }, null)
    },

    /** POST /api/polls/{id}/close. */
    close: async (id: number): Promise<Poll> => {
      await factsOf(id)
      await closeIfDue()
      return transactionWithEvents(ctx, async (tx, emit) => {
        const record = await tx.getPoll(id)
        if (!record) throw notFound('Poll not found')
        if (!(await closeIn(tx, emit, record, isoNow(ctx)))) throw invalidInput('Poll is closed')
        const [poll] = await readPolls(tx, [(await tx.getPoll(id))!])
        return poll
      })
    },

    /** Closes the open poll if its time has passed; when, if ever, it will be (for a timer). */
    closeIfDue: async (): Promise<string | null> => {
      const open = await store.read((tx) => tx.getOpenPoll())
      await closeIfDue(open)
      return open && !isDue(open, isoNow(ctx)) ? open.closes_at : null
    },

    /**
     * Emits `poll.voted` with the open poll's tally as it is now (nothing if the poll is no
     * longer open). Calls on any server take turns, so the tallies go out in the order read.
     */
    publishTally: (pollId: number): Promise<void> =>
      transactionWithEvents(ctx, async (tx, emit) => {
        await tx.lock(`poll-tally:${pollId}`)
        const record = await tx.getPoll(pollId)
        if (record?.status !== 'open') return
        await emit('poll.voted', toTally(pollId, await tx.tallyPollVotes(pollId)))
      }),

    /** Calls `listener` after each vote this process recorded. Returns an unsubscribe. */
    onVote: (listener: (pollId: number) => void) => {
      voteListeners.add(listener)
      return () => void voteListeners.delete(listener)
    },
  }
}

export type Polls = ReturnType<typeof createPolls>
