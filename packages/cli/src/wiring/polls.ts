// poll: the room chooses among a few candidates.
import type { Command } from 'commander'
import type { Runtime } from '../runtime.ts'
import { addPickOptions, parseId, parsePositive } from '../options.ts'
import { lazyGroup } from './action.ts'

const parseIds = (value: string) => value.split(',').map((id) => parseId(id.trim()))

export function registerPolls(program: Command, runtime: Runtime) {
  const poll = program.command('poll').description('let the room choose: polls on phones and in chat')
  const action = lazyGroup(runtime, async () => (await import('../commands/poll.ts')).pollCommand)
  addPickOptions(poll.command('open').description('open a poll on candidates drawn by a pick (default 3) or named with --games'))
    .option('--count <n>', 'candidates to draw, 2-10 (default 3)', parsePositive)
    .option('--games <ids>', 'the candidates instead: game ids, comma-separated', parseIds)
    .option('--duration <seconds>', 'close by itself after this many seconds (10-3600)', parsePositive)
    .option('--add', 'add the winner to the active session when the poll closes')
    .action(action('open'))
  poll.command('status').description('the open poll (else the last one) with its votes as bars').action(action('status'))
  poll.command('close').description('close the open poll (or the one named) and draw the winner')
    .argument('[pollId]', 'poll id (default: the open poll)', parseId).action(action('close'))
  poll.command('vote').description('a chat vote on the open poll; voting again moves it')
    .argument('<choice>', 'the candidate number', parsePositive)
    .requiredOption('--user <name>', 'who voted').action(action('vote'))
}
