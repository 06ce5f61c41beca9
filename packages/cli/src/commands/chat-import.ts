// chat-import SESSION_ID FILE: a chat log (a JSON array of { username, message, timestamp })
// stored in the session, its thisgame++ / thisgame-- messages counted as votes.
import type { CommandContext } from '../context.ts'
import { readJsonFile } from '../files.ts'
import { createProgress, describeSize } from '../progress.ts'

export async function chatImportCommand(ctx: CommandContext, [sessionId, file]: [number, string]) {
  const parsed = await readJsonFile(file)
  // Also accept the HTTP body itself ({ chatData: [...] }), e.g. a saved request.
  const chatData = typeof parsed === 'object' && parsed !== null && 'chatData' in parsed ? parsed.chatData : parsed
  const backend = await ctx.backend('write')
  const progress = createProgress(ctx.output, 'Importing chat')
  const count = Array.isArray(chatData) ? chatData.length : 0
  progress.phase(backend.mode === 'remote'
    ? `Uploading ${count} messages (${describeSize(JSON.stringify(chatData))})...`
    : `Importing ${count} messages...`)
  try {
    const result = await backend.sessions.importChat(sessionId, { chatData }, progress.update)
    progress.done()
    ctx.output.result(result, () => [
      `Imported ${result.messagesImported} messages into session #${sessionId} (${result.duplicatesSkipped} duplicates skipped).`,
      `Votes counted: ${result.votesProcessed}; vote messages that matched no game: ${result.debug.unmatchedVotes}.`,
      ...Object.values(result.votesByGame).map((game) => `  ${game.title}: +${game.upvotes} / -${game.downvotes}`),
    ].join('\n'))
  } finally {
    progress.done()
  }
}
