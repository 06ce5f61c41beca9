// createProgram: the commander tree. Global options choose the backend; each command's code is
// imported only when that command runs, so `game-picker pick` does not load the HTTP server.
import { readFileSync } from 'node:fs'
import { Command, Option } from 'commander'
import type { Runtime } from './runtime.ts'
import { registerAdmin } from './wiring/admin.ts'
import { registerCatalogue } from './wiring/catalogue.ts'
import { registerPolls } from './wiring/polls.ts'
import { registerQueue } from './wiring/queue.ts'
import { registerRooms } from './wiring/rooms.ts'
import { registerSessions } from './wiring/sessions.ts'

export const DEFAULT_DB = './game-picker.sqlite'

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }

export function createProgram(runtime: Runtime): Command {
  const program = new Command('game-picker')
    .description('Pick party games, run games nights and serve the Game Picker API.')
    .version(version)
    .addOption(new Option('--db <file|url>', 'database file, or postgres://USER:PASSWORD@HOST:PORT/DB (":memory:" for a throwaway one)').env('GAME_PICKER_DB').default(DEFAULT_DB))
    .option('--secret-key-file <path>', 'the key sealing the database\'s secrets (else GAME_PICKER_SECRET_KEY, else the file DB.key beside a database file)')
    .option('--remote <url>', 'work against a running server instead of the file')
    .addOption(new Option('--key <key>', 'admin key or an API token (gp_...), for changes made with --remote').env('GAME_PICKER_KEY'))
    .option('--json', 'print results as JSON (the HTTP API shapes)')
    // Set before any subcommand exists, so every subcommand inherits them: commander throws
    // instead of exiting (run.ts maps its errors to exit code 2) and writes through the runtime.
    .exitOverride()
    .configureOutput({ writeOut: (text) => void runtime.stdout.write(text), writeErr: (text) => void runtime.stderr.write(text) })
    .configureHelp({ showGlobalOptions: true })
    .showHelpAfterError('(add --help for usage)')
  registerCatalogue(program, runtime)
  registerSessions(program, runtime)
  registerRooms(program, runtime)
  registerPolls(program, runtime)
  registerQueue(program, runtime)
  registerAdmin(program, runtime)
  return program
}
