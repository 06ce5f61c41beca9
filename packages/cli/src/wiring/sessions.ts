// sessions (and their games), votes and chat import.
import { Argument, type Command, Option } from 'commander'
import type { Runtime } from '../runtime.ts'
import { parseCount, parseId, parsePageLimit, parseTimestamp } from '../options.ts'
import { lazyAction, lazyGroup } from './action.ts'

export function registerSessions(program: Command, runtime: Runtime) {
  const sessions = program.command('sessions').description('games nights and the games played in them')
  const sessionAction = lazyGroup(runtime, async () => (await import('../commands/sessions.ts')).sessionsCommand)
  const rowAction = lazyGroup(runtime, async () => (await import('../commands/session-games.ts')).sessionGamesCommand)
  const sessionId = (required: boolean) =>
    new Argument(required ? '<sessionId>' : '[sessionId]', required ? 'session id' : 'session id (default: the active session)').argParser(parseId)
  const row = (command: Command) => command.addArgument(sessionId(true)).argument('<sessionGameId>', 'session game id (see `sessions games`)', parseId)

  sessions.command('start').description('start a session').option('--notes <text>', 'notes').action(sessionAction('start'))
  sessions.command('close').description('close a session').addArgument(sessionId(false))
    .option('--notes <text>', 'replace the notes').action(sessionAction('close'))
  sessions.command('list').description('list sessions, newest first')
    .option('--limit <n>', 'only the newest N (1-500)', parsePageLimit).action(sessionAction('list'))
  sessions.command('show').description('show a session').addArgument(sessionId(false)).action(sessionAction('show'))
  sessions.command('delete').description('delete a closed session with its games and votes')
    .addArgument(sessionId(true)).action(sessionAction('delete'))
  sessions.command('export').description('export a session as a text report or JSON').addArgument(sessionId(true))
    .addOption(new Option('--format <format>', 'file format').choices(['txt', 'json']).default('txt'))
    .option('-o, --output <file>', 'write to a file instead of stdout').action(sessionAction('export'))

  sessions.command('games').description('list the games of a session').addArgument(sessionId(false)).action(rowAction('games'))
  sessions.command('add').description('add a game to a session').argument('<gameId>', 'game id', parseId)
    .option('--session <id>', 'session id (default: the active session)', parseId)
    .option('--room-code <code>', 'the 4-character room code').action(rowAction('add'))
  row(sessions.command('status').description('set a session game to playing, played or skipped'))
    .addArgument(new Argument('<status>', 'new status').choices(['playing', 'played', 'skipped'])).action(rowAction('status'))
  row(sessions.command('remove-game').description('remove a game from a session')).action(rowAction('removeGame'))
  row(sessions.command('room-code').description('set the room code of a session game'))
    .argument('<code>', '4 characters, A-Z or 0-9').action(rowAction('roomCode'))
  row(sessions.command('player-count').description('set the player count of a session game'))
    .argument('<count>', 'number of players', parseCount).action(rowAction('playerCount'))
  const monitor = sessions.command('monitor').description('the room monitor that counts players (runs in the server: needs --remote)')
  row(monitor.command('start').description('start counting players in the game room')).action(rowAction('monitorStart'))
  row(monitor.command('stop').description('stop counting players')).action(rowAction('monitorStop'))

  program.command('vote').description('record a live vote for the game playing now (or at --at)')
    .addArgument(new Argument('<direction>', 'up or down').choices(['up', 'down']))
    .requiredOption('--user <name>', 'who voted').option('--at <time>', 'when (ISO 8601; default now)', parseTimestamp)
    .action(lazyAction(runtime, async () => (await import('../commands/vote.ts')).voteCommand))

  const votes = program.command('votes').description('the votes recorded, newest first')
  votes.command('list').description('list votes, newest first (by id)')
    .option('--session <id>', 'only this session\'s votes', parseId).option('--game <id>', 'only votes for this game', parseId)
    .option('--user <name>', 'only this user\'s votes').addOption(new Option('--type <type>', 'only up or down votes').choices(['up', 'down']))
    .option('--limit <n>', 'at most N votes (1-500, default 100)', parsePageLimit).option('--before <id>', 'only votes older than this vote id', parseId)
    .action(lazyAction(runtime, async () => (await import('../commands/votes.ts')).votesListCommand))

  program.command('chat-import').description('import a chat log (JSON array of { username, message, timestamp })')
    .addArgument(sessionId(true)).argument('<file>', 'JSON file')
    .action(lazyAction(runtime, async () => (await import('../commands/chat-import.ts')).chatImportCommand))
}
