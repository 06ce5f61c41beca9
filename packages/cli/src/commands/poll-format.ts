// A poll for people: its candidates with their votes as bars, the countdown or the winner.
import type { Poll } from '@game-picker/core'

const BAR_WIDTH = 24

export function describePoll(poll: Poll, now = Date.now()): string {
  const most = Math.max(1, ...poll.candidates.map((candidate) => candidate.votes))
  const titleWidth = Math.max(...poll.candidates.map((candidate) => candidate.game.title.length))
  const lines = [`Poll #${poll.id} (${poll.status}) - ${poll.total_votes} vote${poll.total_votes === 1 ? '' : 's'}`]
  for (const { number, game, votes } of poll.candidates) {
    const filled = Math.round((votes / most) * BAR_WIDTH)
    const share = poll.total_votes === 0 ? 0 : Math.round((votes / poll.total_votes) * 100)
    const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled)
    lines.push(`  ${String(number).padStart(2)}  ${game.title.padEnd(titleWidth)}  ${bar} ${votes} (${share}%)`)
  }
  if (poll.status === 'open' && poll.closes_at) {
    const seconds = Math.max(0, Math.ceil((Date.parse(poll.closes_at) - now) / 1000))
    lines.push(`Closes in ${seconds} s (${poll.closes_at}).`)
  }
  if (poll.status === 'open') lines.push('Vote with `game-picker poll vote N --user NAME`, or on /vote in the web app.')
  if (poll.winner) lines.push(`Winner: ${poll.winner.number}. ${poll.winner.game.title} (${poll.winner.game.pack_name})`)
  if (poll.session_game) lines.push(`Added to session #${poll.session_game.session_id} (session game ${poll.session_game.id}).`)
  return lines.join('\n')
}
