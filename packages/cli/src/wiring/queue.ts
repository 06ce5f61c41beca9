// queue: the viewer queue of the active session (who plays next, who sat down in the room).
import type { Command } from 'commander'
import { parseEntryName, parseHostPlayers, parseId, parseSeatCount } from '../options.ts'
import type { Runtime } from '../runtime.ts'
import { lazyGroup } from './action.ts'

export function registerQueue(program: Command, runtime: Runtime) {
  const action = lazyGroup(runtime, async () => (await import('../commands/queue.ts')).queueCommand)
  const queue = program.command('queue')
    .description('the viewer queue of the active session: open or closed, the waiting line, the seats')
    .action(action('show'))
  queue.command('open').description('take joins (!join in chat); --host-players keeps seats for the host\'s side')
    .option('--host-players <n>', 'players on the host\'s side, 0-8 (default: as before, 1 at first)', parseHostPlayers)
    .action(action('open'))
  queue.command('close').description('refuse new joins; the line stays and viewers may still leave').action(action('close'))
  queue.command('add').description('put a viewer in the line by hand (open or closed)')
    .argument('<name>', 'the name to show, 1-25 characters', parseEntryName).action(action('add'))
  queue.command('remove').description('take an entry out of the queue, waiting or seated')
    .argument('<id>', 'the entry id (`game-picker queue` shows it)', parseId).action(action('remove'))
  queue.command('seat').description('seat the next viewers for the game playing, in fair order')
    .option('--count <n>', 'how many, 1-16 (default: the game\'s max players less the host players)', parseSeatCount)
    .action(action('seat'))
}
