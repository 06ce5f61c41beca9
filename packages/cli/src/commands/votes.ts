// votes list: the recorded votes, newest first, filtered; --json gives the API's page as it is.
import type { CommandContext } from '../context.ts'
import { voteColumns } from '../format.ts'

export interface VotesListOptions { session?: number; game?: number; user?: string; type?: string; limit?: number; before?: number }

export async function votesListCommand(ctx: CommandContext, _args: [], options: VotesListOptions) {
  const text = (value: number | undefined) => (value === undefined ? undefined : String(value))
  const backend = await ctx.backend('read')
  const page = await backend.votes.list({
    session_id: text(options.session), game_id: text(options.game), username: options.user, type: options.type,
    limit: text(options.limit), before: text(options.before),
  })
  if (ctx.output.json) return ctx.output.result(page, '')
  const titles = new Map((await backend.games.list()).map((game) => [game.id, game.title]))
  ctx.output.table(page.votes, voteColumns(titles), 'No votes match.')
  if (page.next_before !== null) ctx.output.note(`Older votes: --before ${page.next_before}`)
}
