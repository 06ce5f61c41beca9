// The stream overlay (an OBS browser source): the current game and its live votes on a
// transparent page; while a poll is open, the poll instead (numbers, titles, bars, total), and
// its winner for 15 seconds after it closes. While the current game's room is in its lobby, a
// join card below (see join-card.tsx); once the room locks, none. With `?queue=show`, the viewer
// queue's card too (see overlay-queue-card.tsx).
import { useEffect, useState } from 'preact/hooks'
import { useActiveSession } from '../active-session.ts'
import { ErrorAlert } from '../components/error-alert.tsx'
import { JoinCard, roomCodeOptions } from '../components/join-card.tsx'
import { isQueueCardShown, OverlayQueueCard } from '../components/overlay-queue-card.tsx'
import { PollBars } from '../components/poll-bars.tsx'
import { formatVotes, plural } from '../format.ts'
import { usePoll } from '../poll-state.ts'
import { useRooms } from '../rooms.ts'
import type { Poll } from '../types.ts'

const WINNER_SHOWN_MS = 15_000

/** The poll to show: an open one, or one that closed less than 15 s ago. */
function useShownPoll(poll: Poll | null | undefined): Poll | null {
  const [now, setNow] = useState(Date.now)
  const closedAt = poll?.status === 'closed' && poll.closed_at ? Date.parse(poll.closed_at) : null
  // A poll that ran out of time closed at its closes_at, maybe a moment before anyone noticed:
  // the winner shows for 15 s from when this page learned of it.
  const [seenClosedAt, setSeenClosedAt] = useState<number | null>(null)
  useEffect(() => setSeenClosedAt(closedAt === null ? null : Math.max(closedAt, Date.now())), [poll?.id, closedAt])
  useEffect(() => {
    if (seenClosedAt === null) return
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, seenClosedAt + WINNER_SHOWN_MS - Date.now()) + 50)
    return () => clearTimeout(timer)
  }, [seenClosedAt])
  if (!poll) return null
  if (poll.status === 'open') return poll
  return seenClosedAt !== null && now < seenClosedAt + WINNER_SHOWN_MS ? poll : null
}

export function OverlayPage() {
  const { data, error } = useActiveSession()
  const polls = usePoll()
  const poll = useShownPoll(polls.data)
  useEffect(() => {
    document.documentElement.classList.add('overlay')
    return () => document.documentElement.classList.remove('overlay')
  }, [])
  const current = data?.games.find((row) => row.status === 'playing')
  const { rooms } = useRooms(current ? [current] : [])
  const room = current && rooms.get(current.id)
  const [codeOptions] = useState(() => roomCodeOptions(location.search))
  const joinCard = current && room?.state === 'lobby' && <JoinCard row={current} room={room} options={codeOptions} />
  const [queueShown] = useState(() => isQueueCardShown(location.search))
  const queueCard = queueShown && <OverlayQueueCard current={current} room={room} />

  const card = poll
    ? (
      <main class="overlay-card overlay-poll">
        {poll.winner
          ? <h1 class="overlay-title">Winner: {poll.winner.game.title}</h1>
          : <h1 class="overlay-heading">Vote: type the number in chat</h1>}
        <PollBars poll={poll} label="Poll" />
        <p class="overlay-total">{plural(poll.total_votes, 'vote')}</p>
      </main>
    )
    : (
      <main class="overlay-card" hidden={!current && !error}>
        <ErrorAlert error={error ?? polls.error} />
        {current && (
          <>
            <h1 class="overlay-title">{current.title}</h1>
            <p class="overlay-votes">{formatVotes(current.upvotes, current.downvotes)}</p>
          </>
        )}
      </main>
    )
  return <>{card}{joinCard}{queueCard}</>
}
