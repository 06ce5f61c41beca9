// pick -i: show the pick (or the --count candidates) with its pool size, then accept one (add it
// to the active session, starting one if the person agrees), re-roll, look at the odds, or quit.
import type { Game } from '@game-picker/core'
import type { Backend } from '../backend.ts'
import type { CommandContext } from '../context.ts'
import { gameLabel } from '../format.ts'
import { askChoice, askConfirm } from '../prompts.ts'
import { type PickOptions, toPickInput } from './pick-options.ts'
import { describeOdds, describePick } from './pick-format.ts'

type Choice = `accept:${number}` | 'reroll' | 'odds' | 'quit'

export async function pickInteractively(ctx: CommandContext, options: PickOptions) {
  let backend = await ctx.backend('read')
  const sessionId = options.session ?? (await backend.sessions.active())?.id
  // The odds always come along, so "Show the odds" needs no second request and explains this very pick.
  const input = { ...toPickInput(options, sessionId), explain: true }
  const target = sessionId === undefined ? 'start a session and add it' : `add to session #${sessionId}`
  for (let roll = 0; ; roll++) {
    // With --seed each re-roll gets its own derived seed: repeatable, yet not the same game again and again.
    const seed = options.seed === undefined ? undefined : roll === 0 ? options.seed : `${options.seed}#${roll}`
    const { odds, ...result } = await backend.pick(input, seed)
    ctx.output.raw(`\n${describePick(options.explain ? { ...result, odds } : result)}\n\n`)
    const accepts = (result.games ?? [result.game]).map((game, i) => ({
      name: result.games === undefined ? `Accept (${target})` : `Accept ${gameLabel(game)}`,
      value: `accept:${i}` as const,
    }))
    if (result.games !== undefined) ctx.output.raw(`Accepting a candidate will ${target}.\n`)
    const ask = () => askChoice<Choice>('What now?', [...accepts,
      { name: 'Re-roll', value: 'reroll' }, { name: 'Show the odds', value: 'odds' }, { name: 'Quit', value: 'quit' }])
    let choice = await ask()
    while (choice === 'odds') {
      ctx.output.raw(`\n${describeOdds(odds!)}\n\n`)
      choice = await ask()
    }
    if (choice === 'reroll') continue
    if (choice === 'quit') return ctx.output.result({ ...result, sessionGame: null }, 'Nothing added.')
    const chosen = (result.games ?? [result.game])[Number(choice.slice('accept:'.length))]
    backend = await ctx.backend('write')
    return addChosen(ctx, backend, sessionId, chosen, result)
  }
}

async function addChosen(ctx: CommandContext, backend: Backend, sessionId: number | undefined, game: Game, result: object) {
  let target = sessionId
  if (target === undefined) {
    if (!(await askConfirm('No session is active. Start one now?', true))) {
      return ctx.output.result({ ...result, sessionGame: null }, 'Nothing added (no active session).')
    }
    target = (await backend.sessions.start({})).id
    ctx.output.raw(`Started session #${target}.\n`)
  }
  const sessionGame = await backend.sessionGames.add(target, { game_id: game.id })
  return ctx.output.result({ ...result, sessionGame }, `Added ${game.title} to session #${target} (session game ${sessionGame.id}).`)
}
