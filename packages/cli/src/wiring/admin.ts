// Data in and out (import, export, stats), webhooks, and the database itself (init, serve, admin-key).
import { BUILTIN_CATALOGUES, EVENT_TYPES, SCOPES } from '@game-picker/core'
import { type Command, Option } from 'commander'
import type { Runtime } from '../runtime.ts'
import { parseCount, parseId, parsePositive } from '../options.ts'
import { lazyAction, lazyGroup } from './action.ts'

export function registerAdmin(program: Command, runtime: Runtime) {
  program.command('import').description('import data').command('games').description('import games from a CSV file or a bundled catalogue')
    .argument('[file]', 'CSV file (columns as in `export games`)')
    .addOption(new Option('--builtin <name>', 'a bundled catalogue instead of a file').choices(BUILTIN_CATALOGUES))
    .addOption(new Option('--mode <mode>', 'append updates and adds; replace also deletes games not in the file').choices(['append', 'replace']).default('append'))
    .option('-y, --yes', 'confirm a replace without asking')
    .action(lazyAction(runtime, async () => (await import('../commands/import.ts')).importGamesCommand))
  program.command('export').description('export data').command('games').description('export every game as CSV')
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .action(lazyAction(runtime, async () => (await import('../commands/export.ts')).exportGamesCommand))
  program.command('stats').description('counts, most played and top rated games')
    .action(lazyAction(runtime, async () => (await import('../commands/stats.ts')).statsCommand))

  const webhooks = program.command('webhooks').description('callbacks for session and vote events')
  const hookAction = lazyGroup(runtime, async () => (await import('../commands/webhooks.ts')).webhooksCommand)
  const hookFields = (command: Command, required: boolean) => {
    const option = required ? command.requiredOption.bind(command) : command.option.bind(command)
    option('--name <name>', 'a name for it')
    option('--url <url>', 'http(s) URL to POST events to')
    option('--secret <secret>', 'signs each delivery (HMAC-SHA256)')
    option('--events <list>', `comma-separated: ${EVENT_TYPES.join(',')}`)
    return command
  }
  webhooks.command('list').description('list webhooks').action(hookAction('list'))
  hookFields(webhooks.command('add').description('add a webhook'), true).action(hookAction('add'))
  hookFields(webhooks.command('edit').description('change a webhook').argument('<id>', 'webhook id', parseId), false)
    .option('--enable', 'enable it').option('--disable', 'disable it').action(hookAction('edit'))
  webhooks.command('remove').description('delete a webhook and its logs').argument('<id>', 'webhook id', parseId).action(hookAction('remove'))
  webhooks.command('test').description('send a test game.added event').argument('<id>', 'webhook id', parseId).action(hookAction('test'))
  webhooks.command('logs').description('delivery attempts, newest first').argument('<id>', 'webhook id', parseId)
    .option('--limit <n>', 'how many (1-500, default 50)', parsePositive).action(hookAction('logs'))

  const tokens = program.command('tokens').description('API tokens: give a bot or an overlay only the scopes it needs')
  const tokenAction = lazyGroup(runtime, async () => (await import('../commands/tokens.ts')).tokensCommand)
  tokens.command('create').description('create a token (shown once)')
    .requiredOption('--name <name>', 'what it is for (1-64 characters)')
    .requiredOption('--scope <scope>', `repeat for each: ${SCOPES.join(', ')}`, (value: string, previous: string[] = []) => [...previous, value])
    .option('--expires-days <n>', 'days until it expires (1-3650; default never)', parsePositive)
    .action(tokenAction('create'))
  tokens.command('list').description('list tokens (never the tokens themselves)').action(tokenAction('list'))
  tokens.command('revoke').description('revoke a token').argument('<id>', 'token id', parseId).action(tokenAction('revoke'))
  program.command('audit').description('who changed what, newest first (kept 90 days)')
    .option('--limit <n>', 'how many (1-500, default 100)', parsePositive)
    .action(lazyAction(runtime, async () => (await import('../commands/tokens.ts')).auditCommand))

  const chat = program.command('chat').description('votes from the stream\'s chats, read by the server (no bot to write)')
  const chatAction = lazyGroup(runtime, async () => (await import('../commands/chat.ts')).chatCommand)
  chat.command('twitch').description('read a channel: thisgame++ / thisgame-- vote, a number votes in the open poll')
    .requiredOption('--channel <name>', 'the Twitch channel (3-25 letters, digits or _)')
    .action(chatAction('twitch'))
  chat.command('status').description('every chat read: the channel, the connection and what its messages did').action(chatAction('status'))
  chat.command('stop').description('stop reading a platform\'s chat').argument('[platform]', 'twitch, discord or youtube', 'twitch')
    .action(chatAction('stop'))

  program.command('events').description('follow a server\'s live events until Ctrl-C (needs --remote; --key shows who voted)')
    .option('--events <list>', `only these, comma-separated: ${EVENT_TYPES.join(',')}`)
    .action(lazyAction(runtime, async () => (await import('../commands/events.ts')).eventsCommand))

  program.command('init').description('create the database file with the bundled Jackbox catalogue')
    .option('--empty', 'create it without the catalogue')
    .action(lazyAction(runtime, async () => (await import('../commands/init.ts')).initCommand))
  program.command('admin-key').description('about the admin key; --rotate prints a new one')
    .option('--rotate', 'replace the stored admin key (local database; stop the server first)')
    .action(lazyAction(runtime, async () => (await import('../commands/admin-key.ts')).adminKeyCommand))
  program.command('db').description('the database itself')
    .command('copy').description('copy every table (ids included) into an empty database: file or postgres:// URL, either way')
    .requiredOption('--from <file|url>', 'the database to copy')
    .requiredOption('--to <file|url>', 'an empty database (a new file, or an empty PostgreSQL database)')
    .action(lazyAction(runtime, async () => (await import('../commands/db-copy.ts')).dbCopyCommand))
  program.command('serve').description('run the HTTP API on the database file')
    .addOption(new Option('--port <port>', 'port (0 = any free port)').env('PORT').default(3000).argParser(parseCount))
    .addOption(new Option('--host <host>', 'address to listen on (0.0.0.0: every interface, so phones on the network reach it)').env('HOST').default('127.0.0.1'))
    .addOption(new Option('--admin-key <key>', 'admin key (default: the stored one, generated on first start)').env('ADMIN_KEY'))
    .addOption(new Option('--jwt-secret <secret>', 'token signing secret (default: kept in the database)').env('JWT_SECRET'))
    .addOption(new Option('--ecast-url <url>', 'Jackbox room service for the room monitor').env('ECAST_URL'))
    .addOption(new Option('--twitch-chat-url <url>', 'Twitch chat endpoint for the chat connector').env('TWITCH_CHAT_URL'))
    .option('--empty', 'a new database starts without the catalogue')
    .action(lazyAction(runtime, async () => (await import('../commands/serve.ts')).serveCommand))
}
