// room CODE and room status: the room autopilot.
import type { Command } from 'commander'
import { parseId } from '../options.ts'
import type { Runtime } from '../runtime.ts'
import { lazyGroup } from './action.ts'

export function registerRooms(program: Command, runtime: Runtime) {
  const action = lazyGroup(runtime, async () => (await import('../commands/rooms.ts')).roomsCommand)
  const session = ['--session <id>', 'session id (default: the active session)', parseId] as const
  const room = program.command('room')
    .description('follow a Jackbox room: its game is added to the session, its players, start and end followed')
    .argument('<code>', 'the room code (4 letters or digits)')
    .option(...session)
    .action(action('follow'))
  room.command('status').description('the rooms the session follows: game, state, players').option(...session).action(action('status'))
}
