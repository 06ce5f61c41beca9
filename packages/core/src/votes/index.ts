// Votes: live votes from chat, their history, and chat logs imported after the night.
export type { LiveVoteResult } from './votes.ts'
export type { VotePage } from './vote-history.ts'
export { voteHistoryWhere } from './vote-history-sql.ts'
export type { ChatImportResult } from './chat-import.ts'
