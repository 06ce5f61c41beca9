// A clean stop is a success: `serve` stopped with SIGINT (Ctrl-C) or SIGTERM saves the database
// and exits 0, so `pnpm start` does not report a failed command. Also the way pnpm runs it:
// `sh -c "... && exec game-picker serve"` in the terminal's process group, where Ctrl-C reaches
// every process at once and pnpm passes a second SIGINT on to its child.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertCliBuilt, cli, cliEnv, cliJson, createTempDir, startServe, storeTarget } from '../helpers/cli.ts'
import { until } from '../helpers/until.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const temp = createTempDir()
const cwd = temp.path
beforeAll(assertCliBuilt)
afterAll(temp.remove)

/** Adds a session through the running server: what a clean stop must have saved. */
async function writeThrough(url: string, db: string): Promise<number> {
  const session = await cliJson(['sessions', 'start', '--notes', `before stopping ${db}`, '--remote', url, '--key', 'k'], { cwd })
  return session.id
}

async function savedSession(db: string, id: number) {
  return cliJson(['sessions', 'show', String(id), '--db', db], { cwd })
}

describe.each(['SIGINT', 'SIGTERM'] as const)('serve stopped with %s', (signal) => {
  it('saves the database and exits 0', async () => {
    const db = `stop-${signal}.sqlite`
    expect((await cli(['init', '--db', db], { cwd })).code).toBe(0)
    const server = await startServe(['--db', db], { cwd, env: { ADMIN_KEY: 'k' } })
    const id = await writeThrough(server.url, db)
    const stopped = await server.stop(signal)
    expect(stopped.code).toBe(0)
    expect(stopped.stderr).toContain(`${signal}: finishing requests and saving the database...`)
    expect(await savedSession(db, id)).toMatchObject({ id, notes: `before stopping ${db}` })
  })
})

it('exits 0 under `pnpm start`: Ctrl-C to the whole process group, then SIGINT again from pnpm', async () => {
  const db = 'stop-pnpm.sqlite'
  expect((await cli(['init', '--db', db], { cwd })).code).toBe(0)
  // The start script's last command, run the way pnpm runs scripts: by sh, with node_modules/.bin on PATH.
  const script = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start as string
  const command = script.split('&&').at(-1)!.trim()
  expect(command).toBe('exec game-picker serve')
  const target = await storeTarget([], cwd, { GAME_PICKER_DB: db, ADMIN_KEY: 'k', PORT: '0' })
  const env = cliEnv(cwd, target.env)
  env.PATH = [join(ROOT, 'node_modules/.bin'), env.PATH].join(delimiter)
  const child = spawn('sh', ['-c', command], { cwd, env, detached: true }) // its own process group, as a terminal's
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })))
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 20_000)
      child.stdout.on('data', () => {
        const found = /listening on (http:\/\/\S+)/.exec(stdout)?.[1]
        if (found) resolve(found)
        if (found) clearTimeout(timer)
      })
    })
    const id = await writeThrough(url, db)
    process.kill(-child.pid!, 'SIGINT') // Ctrl-C: the terminal signals the whole group
    // pnpm passes it on to its child a moment later, when serve is already stopping.
    await until(() => stderr.includes('saving the database'), Boolean, 10_000, 5)
    child.kill('SIGINT')
    expect(await exited).toEqual({ code: 0, signal: null })
    expect(stderr).toContain('SIGINT: finishing requests and saving the database...')
    expect(await savedSession(db, id)).toMatchObject({ id, notes: `before stopping ${db}` })
  } finally {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL')
  }
})
