// A poll's candidates: number, title and a bar as long as its share of the votes, with the count.
import { plural } from '../format.ts'
import type { Poll } from '../types.ts'

export function PollBars({ poll, label }: { poll: Poll; label: string }) {
  const most = Math.max(1, ...poll.candidates.map((candidate) => candidate.votes))
  return (
    <ol class="poll-bars" aria-label={label}>
      {poll.candidates.map(({ number, game, votes }) => (
        <li key={number} class={poll.winner?.number === number ? 'winner' : undefined}>
          <span class="poll-number" aria-hidden="true">{number}</span>
          <span class="poll-title">{game.title}</span>
          <span class="poll-bar" aria-hidden="true"><span style={{ width: `${(votes / most) * 100}%` }} /></span>
          <span class="poll-votes">{plural(votes, 'vote')}</span>
        </li>
      ))}
    </ol>
  )
}
