// What a chat message asks for: a place in the viewer queue (`!join` / `!leave` as its first
// word, any case), a vote on the game playing or, with `ticker`, on the game of that ticker (the
// chat import's rule), a vote in the open poll (only a candidate number, optionally after ! or
// #), or nothing. Every chat connector reads its messages through here.
import { readChatVote } from '../votes/vote-matching.ts'

export type ChatCommand = { vote: 'up' | 'down'; ticker?: string } | { choice: number } | { queue: 'join' | 'leave' } | null

const POLL_CHOICE = /^[!#]?(\d{1,2})$/
const QUEUE_COMMAND = /^!(join|leave)(\s|$)/i

export function readChatCommand(text: string): ChatCommand {
  const queue = QUEUE_COMMAND.exec(text.trim())
  if (queue) return { queue: queue[1]!.toLowerCase() as 'join' | 'leave' }
  const vote = readChatVote(text)
  if (vote) return vote.ticker ? { vote: vote.type, ticker: vote.ticker } : { vote: vote.type }
  const choice = pollChoice(text)
  return choice === null ? null : { choice }
}

/** `2`, `!2` or `#2` (spaces around allowed) → 2; anything else → null. */
export function pollChoice(text: string): number | null {
  const match = POLL_CHOICE.exec(text.trim())
  if (!match) return null
  const choice = Number(match[1])
  return choice >= 1 ? choice : null
}
