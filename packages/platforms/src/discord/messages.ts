// What the bot writes, as plain Discord API shapes (no discord.js here): the slash commands it
// registers, the poll message with one button per candidate, "Now playing", and its replies.
import type { PickResult, Game, JoinOutcome, Poll } from '@game-picker/core'

/** Permission bit of "Manage Server" (MANAGE_GUILD), as a string as the API takes it. */
export const MANAGE_GUILD = '32'
const INTEGER = 4
const SUB_COMMAND = 1

/** The guild commands: `/pick [players] [count]`, `/vote up|down`, `/join`, `/leave`, `/poll [count] [players]`, `/close`. */
export const SLASH_COMMANDS = [
  {
    name: 'pick', description: 'Pick a game at random',
    options: [
      { type: INTEGER, name: 'players', description: 'How many players', min_value: 1, max_value: 100 },
      { type: INTEGER, name: 'count', description: 'How many games to draw', min_value: 1, max_value: 10 },
    ],
  },
  {
    name: 'vote', description: 'Vote on the game playing now',
    options: [
      { type: SUB_COMMAND, name: 'up', description: 'I like this game' },
      { type: SUB_COMMAND, name: 'down', description: 'Not this one again' },
    ],
  },
  { name: 'join', description: 'Join the queue to play' },
  { name: 'leave', description: 'Leave the queue' },
  {
    name: 'poll', description: 'Open a poll on the next game', default_member_permissions: MANAGE_GUILD,
    options: [
      { type: INTEGER, name: 'count', description: 'How many candidates', min_value: 2, max_value: 10 },
      { type: INTEGER, name: 'players', description: 'How many players', min_value: 1, max_value: 100 },
    ],
  },
  { name: 'close', description: 'Close the poll and take the winner', default_member_permissions: MANAGE_GUILD },
]

const BUTTON = 2
const ACTION_ROW = 1
const PRIMARY = 1
const BUTTONS_PER_ROW = 5
const LABEL_MAX = 80

export const gameName = (game: Pick<Game, 'title' | 'pack_name'>) => `${game.title} (${game.pack_name})`

/** A button's custom_id: the poll and the candidate's number. */
export const pollButtonId = (pollId: number, number: number) => `poll:${pollId}:${number}`

export function readPollButtonId(customId: string): { pollId: number; number: number } | null {
  const match = /^poll:(\d+):(\d+)$/.exec(customId)
  return match ? { pollId: Number(match[1]), number: Number(match[2]) } : null
}

const votes = (count: number) => (count === 1 ? '1 vote' : `${count} votes`)

/** The poll message: the candidates with their tallies, buttons while open, the winner once closed. */
export function pollMessage(poll: Poll): { content: string; components: unknown[] } {
  const lines = poll.candidates.map((candidate) => `${candidate.number}. ${gameName(candidate.game)}: ${votes(candidate.votes)}`)
  if (poll.status !== 'open') {
    const winner = poll.winner ? `Winner: ${gameName(poll.winner.game)}` : 'No winner'
    return { content: [`**Poll closed.** ${winner}`, ...lines].join('\n'), components: [] }
  }
  const closes = poll.closes_at ? ` Closes <t:${Math.floor(Date.parse(poll.closes_at) / 1000)}:R>.` : ''
  const buttons = poll.candidates.map((candidate) => ({
    type: BUTTON, style: PRIMARY, custom_id: pollButtonId(poll.id, candidate.number),
    label: `${candidate.number}. ${candidate.game.title}`.slice(0, LABEL_MAX),
  }))
  const rows = []
  for (let i = 0; i < buttons.length; i += BUTTONS_PER_ROW) rows.push({ type: ACTION_ROW, components: buttons.slice(i, i + BUTTONS_PER_ROW) })
  return { content: [`**Poll: what do we play next?** Press a button to vote.${closes}`, ...lines].join('\n'), components: rows }
}

export function nowPlaying(game: Pick<Game, 'title' | 'pack_name'>, roomCode: string | null): string {
  return roomCode ? `Now playing: ${gameName(game)}\nRoom code: ${roomCode}` : `Now playing: ${gameName(game)}`
}

export function pickReply(result: PickResult): string {
  const games = result.games ?? [result.game]
  if (games.length === 1) return `Picked: ${gameName(games[0])}`
  return ['Picked:', ...games.map((game, i) => `${i + 1}. ${gameName(game)}`)].join('\n')
}

export const REPLIES = {
  pollOpened: 'Poll opened.',
  pollClosed: (poll: Poll) => (poll.winner ? `Poll closed. Winner: ${gameName(poll.winner.game)}` : 'Poll closed.'),
  yourVote: (title: string) => `Your vote: ${title}`,
  liveVote: (vote: 'up' | 'down', title: string) => `Voted ${vote} on ${title}`,
  manageServerOnly: 'Only members with the Manage Server permission can do that.',
  pollNotOpen: 'This poll is closed.',
  queueLeft: 'You left the queue',
  // /leave by someone with no entry: nothing to leave.
  queueNotIn: 'You are not in the queue',
} as const

/** The answer to `/join`. Already in but not waiting (seated for the game, or playing): no number to give. */
export function joinReply(outcome: JoinOutcome): string {
  switch (outcome.kind) {
    case 'closed': return 'The queue is closed'
    case 'full': return 'The queue is full'
    default: return outcome.position === null ? 'You are already in the queue' : `You are number ${outcome.position} in the queue`
  }
}
