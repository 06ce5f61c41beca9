// games, packs and pick.
import type { Command } from 'commander'
import type { Runtime } from '../runtime.ts'
import { addFilterOptions, addPickOptions, parseFavor, parseId, parsePickCount, parsePositive } from '../options.ts'
import { lazyAction, lazyGroup } from './action.ts'

function addGameFieldOptions(command: Command): Command {
  return command
    .option('--pack <name>', 'pack name')
    .option('--title <title>', 'game title')
    .option('--min <n>', 'minimum players', parsePositive)
    .option('--max <n>', 'maximum players', parsePositive)
    .option('--minutes <n>', 'typical length in minutes', parsePositive)
    .option('--audience', 'has an audience mode').option('--no-audience', 'has no audience mode')
    .option('--family-friendly', 'family friendly').option('--no-family-friendly', 'not family friendly')
    .option('--type <type>', 'game type, e.g. Drawing')
    .option('--secondary-type <type>', 'secondary game type')
}

export function registerCatalogue(program: Command, runtime: Runtime) {
  const games = program.command('games').description('the catalogue of games')
  const gamesAction = lazyGroup(runtime, async () => (await import('../commands/games.ts')).gamesCommand)
  const editAction = lazyGroup(runtime, async () => (await import('../commands/games-edit.ts')).gamesEditCommand)
  addFilterOptions(games.command('list').description('list games (by pack, then title)'), { list: true }).action(gamesAction('list'))
  games.command('show').description('show one game').argument('<id>', 'game id', parseId).action(gamesAction('show'))
  addGameFieldOptions(games.command('add').description('add a game (prompts for missing fields on a terminal)')).action(editAction('add'))
  addGameFieldOptions(games.command('edit').description('change fields of a game').argument('<id>', 'game id', parseId))
    .option('--enable', 'enable the game').option('--disable', 'disable the game').action(editAction('edit'))
  games.command('remove').description('delete a game with its history and votes').argument('<id>', 'game id', parseId).action(gamesAction('remove'))
  games.command('toggle').description('enable or disable a game').argument('<id>', 'game id', parseId).action(gamesAction('toggle'))
  games.command('favor').description('weight a game up or down in picks')
    .argument('<id>', 'game id', parseId).argument('<level>', 'favor, neutral or disfavor', parseFavor).action(gamesAction('favor'))

  const packs = program.command('packs').description('packs of games')
  const packsAction = lazyGroup(runtime, async () => (await import('../commands/packs.ts')).packsCommand)
  packs.command('list').description('list packs with their game counts').action(packsAction('list'))
  packs.command('favor').description('weight a whole pack up or down in picks')
    .argument('<name>', 'pack name').argument('<level>', 'favor, neutral or disfavor', parseFavor).action(packsAction('favor'))
  packs.command('enable').description('enable every game of a pack').argument('<name>', 'pack name').action(packsAction('enable'))
  packs.command('disable').description('disable every game of a pack').argument('<name>', 'pack name').action(packsAction('disable'))

  addPickOptions(program.command('pick').description('pick a random game (weighted by favor)'))
    .option('--count <n>', 'draw 1-10 different candidates to choose from', parsePickCount)
    .option('--explain', 'show every game of the pool with its chance')
    .option('--seed <seed>', 'repeatable pick (local database only)')
    .option('--add', 'add the pick to the session (--session, else the active one)')
    .option('-i, --interactive', 'accept, re-roll or quit (needs a terminal)')
    .action(lazyAction(runtime, async () => (await import('../commands/pick.ts')).pickCommand))
}
