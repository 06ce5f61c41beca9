// The poll a screen shows: the open one, else the newest (closed, with its winner), kept current
// from the live event stream. Tallies are applied from `poll.voted` itself; opening and closing
// bring the whole poll; a (re)connection reloads it.
import { findLatestPoll } from './api.ts'
import { useLiveEvents } from './events.ts'
import { useRequest } from './hooks.ts'
import type { Poll, PollTally } from './types.ts'

function withTally(poll: Poll | null | undefined, tally: PollTally): Poll | null | undefined {
  if (!poll || poll.id !== tally.poll_id || poll.status !== 'open') return poll
  const votes = new Map(tally.candidates.map((candidate) => [candidate.number, candidate.votes]))
  return {
    ...poll,
    total_votes: tally.total_votes,
    candidates: poll.candidates.map((candidate) => ({ ...candidate, votes: votes.get(candidate.number) ?? candidate.votes })),
  }
}

export function usePoll() {
  const request = useRequest(findLatestPoll)
  const { setData, reload } = request
  useLiveEvents((type, event) => {
    if (type === 'open' || type === 'reset') void reload()
    else if (type === 'poll.opened' || type === 'poll.closed') setData(event.poll as Poll)
    else if (type === 'poll.voted') setData((current) => withTally(current, event as PollTally))
  })
  return request
}
