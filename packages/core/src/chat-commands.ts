// What a chat message asks for: a vote on the game playing (the chat import's rule), a vote in
// the open poll (only a candidate number, optionally after ! or #), or nothing.
import { voteInMessage } from './vote-matching.ts'

export type ChatCommand = { vote: 'up' | 'down' } | { choice: number } | null

const POLL_CHOICE = /^[!#]?(\d{1,2})$/

export function readChatCommand(text: string): ChatCommand {
  const vote = voteInMessage(text)
  if (vote) return { vote }
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
