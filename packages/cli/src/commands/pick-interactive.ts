// pick -i: show the pick with its pool size, then accept (add to the active session, starting
// one if the person agrees), re-roll or quit.
import type { CommandContext } from '../context.ts'
import { askChoice, askConfirm } from '../prompts.ts'
import { describePick, type PickOptions, toPickInput } from './pick.ts'

type Choice = 'accept' | 'reroll' | 'quit'

export async function pickInteractively(ctx: CommandContext, options: PickOptions) {
  let backend = await ctx.backend('read')
  const sessionId = options.session ?? (await backend.sessions.active())?.id
  const input = toPickInput(options, sessionId)
  for (let roll = 0; ; roll++) {
    // With --seed each re-roll gets its own derived seed: repeatable, yet not the same game again and again.
    const seed = options.seed === undefined ? undefined : roll === 0 ? options.seed : `${options.seed}#${roll}`
    const result = await backend.pick(input, seed)
    ctx.output.raw(`\n${describePick(result)}\n\n`)
    const accept = sessionId === undefined ? 'Accept (start a session and add it)' : `Accept (add to session #${sessionId})`
    const choice = await askChoice<Choice>('What now?', [
      { name: accept, value: 'accept' }, { name: 'Re-roll', value: 'reroll' }, { name: 'Quit', value: 'quit' },
    ])
    if (choice === 'reroll') continue
    if (choice === 'quit') return ctx.output.result({ ...result, sessionGame: null }, 'Nothing added.')

    backend = await ctx.backend('write')
    let target = sessionId
    if (target === undefined) {
      if (!(await askConfirm('No session is active. Start one now?', true))) {
        return ctx.output.result({ ...result, sessionGame: null }, 'Nothing added (no active session).')
      }
      target = (await backend.sessions.start({})).id
      ctx.output.raw(`Started session #${target}.\n`)
    }
    const sessionGame = await backend.sessionGames.add(target, { game_id: result.game.id })
    return ctx.output.result({ ...result, sessionGame }, `Added ${result.game.title} to session #${target} (session game ${sessionGame.id}).`)
  }
}
