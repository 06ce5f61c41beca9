// What a chat message asks for: a vote on the game playing or, with `ticker`, on the game of
// that ticker (the chat import's rule), a vote in the open poll (only a candidate number,
// optionally after ! or #), or nothing. Every chat connector reads its messages through here.
import { readChatVote } from '../votes/vote-matching.ts'

export type ChatCommand = { vote: 'up' | 'down'; ticker?: string } | { choice: number } | null

const POLL_CHOICE = /^[!#]?(\d{1,2})$/

export function readChatCommand(text: string): ChatCommand {
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
