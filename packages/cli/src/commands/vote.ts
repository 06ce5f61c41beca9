// vote up|down --user NAME [--at ISO]: a live vote for the game playing at that time.
import type { CommandContext } from '../context.ts'

export async function voteCommand(ctx: CommandContext, [vote]: ['up' | 'down'], options: { user: string; at?: string }) {
  const timestamp = options.at ?? new Date().toISOString()
  const result = await (await ctx.backend('write')).votes.live({ username: options.user, vote, timestamp })
  const { game } = result
  ctx.output.result(result, `Vote ${vote} from ${options.user} recorded for ${game.title} (now +${game.upvotes} / -${game.downvotes}).`)
}
