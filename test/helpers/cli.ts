// Running the built game-picker binary as a child process, on temp folders, with an
// environment cleared of the variables the CLI reads (so the developer's own settings never leak in).
// On the PostgreSQL run, each database file a test names (with --db, GAME_PICKER_DB or the
// default ./game-picker.sqlite) is a PostgreSQL database of its own instead, and the output
// names it as the test did, so one test asserts the same text on both stores.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describeUrl } from '@game-picker/postgres'
import { databaseFor, TEST_STORE } from './postgres.ts'

export const CLI_BIN = fileURLToPath(new URL('../../packages/cli/bin/game-picker.js', import.meta.url))
const BUILT = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url))

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

export interface CliOptions {
  cwd: string
  env?: Record<string, string>
}

const CLI_VARIABLES = [
  'GAME_PICKER_DB', 'GAME_PICKER_KEY', 'ADMIN_KEY', 'JWT_SECRET', 'PORT', 'HOST', 'ECAST_URL', 'TWITCH_CHAT_URL', 'DISCORD_API_URL', 'DISCORD_BOT_TOKEN',
  'YOUTUBE_API_URL', 'YOUTUBE_API_KEY',
  'GAME_PICKER_BACKUP_DIR', 'GAME_PICKER_BACKUP_EVERY', 'GAME_PICKER_BACKUP_KEEP',
]

/** The environment a child sees: no CLI settings, TMPDIR (the token cache) inside the test's folder. */
export function cliEnv(cwd: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // No test reaches Twitch, Discord or YouTube: unless a test names its fake, chat goes to a closed local port.
  const closed = { TWITCH_CHAT_URL: 'ws://127.0.0.1:9', DISCORD_API_URL: 'http://127.0.0.1:9', YOUTUBE_API_URL: 'http://127.0.0.1:9' }
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: cwd, NO_COLOR: '1', ...closed, ...extra }
  for (const name of CLI_VARIABLES) if (!(name in extra) && !(name in closed)) delete env[name]
  return env
}

export function assertCliBuilt(): void {
  if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run \`pnpm build\` before the e2e tests`)
}

export interface StoreTarget {
  args: string[]
  env: Record<string, string>
  /** Names the database in a text as the test named it. */
  rename(text: string): string
}

/** The command line and environment for the run's store (see the top of this file). */
export async function storeTarget(args: string[], cwd: string, env: Record<string, string> = {}): Promise<StoreTarget> {
  if (TEST_STORE === 'sqlite') return { args, env, rename: (text) => text }
  const flag = args.indexOf('--db')
  const name = flag >= 0 ? args[flag + 1] : env.GAME_PICKER_DB ?? './game-picker.sqlite'
  if (name === ':memory:' || /^postgres(ql)?:/.test(name)) return { args, env, rename: (text) => text }
  const url = await databaseFor(resolve(cwd, name))
  const label = describeUrl(url)
  return {
    args: flag >= 0 ? args.map((arg, i) => (i === flag + 1 ? url : arg)) : args,
    env: flag >= 0 ? env : { ...env, GAME_PICKER_DB: url },
    rename: (text) => text.replaceAll(label, name),
  }
}

export async function cli(args: string[], { cwd, env }: CliOptions): Promise<CliResult> {
  const target = await storeTarget(args, cwd, env)
  return new Promise((done) => {
    execFile(process.execPath, [CLI_BIN, ...target.args], { cwd, env: cliEnv(cwd, target.env), timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
      done({ code, stdout: target.rename(stdout), stderr: target.rename(stderr) })
    })
  })
}

/** Runs and parses stdout as JSON, failing with the command's stderr when it did not succeed. */
export async function cliJson<T = any>(args: string[], options: CliOptions): Promise<T> {
  const result = await cli([...args, '--json'], options)
  if (result.code !== 0) throw new Error(`game-picker ${args.join(' ')} exited ${result.code}: ${result.stderr}`)
  return JSON.parse(result.stdout) as T
}

export function createTempDir(prefix = 'game-picker-cli-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix))
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) }
}

export interface RunningServe {
  url: string
  pid: number
  output(): CliResult
  /** Sends the signal and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<CliResult>
}

/** Spawns `serve --port 0 ...` and resolves once it printed its URL; `bin` is another install's binary. */
export async function startServe(args: string[], { cwd, env, bin = CLI_BIN }: CliOptions & { bin?: string }): Promise<RunningServe> {
  const target = await storeTarget(args, cwd, env)
  const child: ChildProcess = spawn(process.execPath, [bin, 'serve', '--port', '0', ...target.args], { cwd, env: cliEnv(cwd, target.env) })
  let stdout = ''
  let stderr = ''
  // 'close', not 'exit': it fires after stdout and stderr were read to the end.
  const exited = new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1))))
  const output = () => ({ code: child.exitCode ?? -1, stdout: target.rename(stdout), stderr: target.rename(stderr) })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 20_000)
    child.stderr!.on('data', (chunk) => (stderr += chunk))
    child.stdout!.on('data', (chunk) => {
      stdout += chunk
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1]
      if (!url) return
      clearTimeout(timer)
      resolve({
        url, pid: child.pid!, output,
        stop: async (signal = 'SIGTERM') => {
          child.kill(signal)
          const code = await exited
          return { ...output(), code }
        },
      })
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${code} before listening: ${stderr}`))
    })
  })
}
