// poll open|status|close|vote: let the room choose among a few candidates.
import { UsageError } from '../cli-errors.ts'
import type { CommandContext } from '../context.ts'
import { toPickInput, type PickOptions } from './pick-options.ts'
import { describePoll } from './poll-format.ts'

export interface PollOpenOptions extends Omit<PickOptions, 'explain' | 'seed' | 'add' | 'interactive'> {
  /** --games ID,ID: the candidates, instead of a pick. */
  games?: number[]
  duration?: number
  /** --add: the winner joins the active session at closing. */
  add?: boolean
}

export const pollCommand = {
  open: async (ctx: CommandContext, _args: [], options: PollOpenOptions) => {
    const { games, duration, add, ...pick } = options
    const pickFlags = Object.values({ ...pick, count: undefined }).some((value) => value !== undefined)
    if (games && (pickFlags || pick.count !== undefined)) {
      throw new UsageError('--games names the candidates; leave out the pick options (--players, --count, ...).')
    }
    const source = games ? { gameIds: games } : { pick: toPickInput(pick, pick.session) }
    const poll = await (await ctx.backend('write')).polls.open({ ...source, durationSeconds: duration, addWinner: add ?? false })
    ctx.output.result(poll, () => describePoll(poll))
  },

  /** The open poll, else the newest one (closed, with its winner). */
  status: async (ctx: CommandContext) => {
    const backend = await ctx.backend('read')
    const poll = (await backend.polls.current()) ?? (await backend.polls.list(1))[0]
    if (!poll) return ctx.output.result({ poll: null, message: 'No polls yet' }, 'No polls yet.')
    ctx.output.result(poll, () => describePoll(poll))
  },

  close: async (ctx: CommandContext, [id]: [number?]) => {
    const backend = await ctx.backend('write')
    const target = id ?? (await backend.polls.current())?.id
    if (target === undefined) throw new UsageError('No poll is open; name one to close: `poll close ID`.')
    const poll = await backend.polls.close(target)
    ctx.output.result(poll, () => describePoll(poll))
  },

  vote: async (ctx: CommandContext, [choice]: [number], options: { user: string }) => {
    const poll = await (await ctx.backend('write')).polls.voteByUsername(options.user, choice)
    const voted = poll.candidates.find((candidate) => candidate.number === choice)!
    ctx.output.result(poll, `${options.user} voted for ${choice}. ${voted.game.title} (now ${voted.votes} of ${poll.total_votes}).`)
  },
}
