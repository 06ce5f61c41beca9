// `game-picker events` follows a running server's live stream as a child process would be run
// by a script: one JSON object per line with --json, who voted only with the admin key, a
// filter, and clear refusals without a server or with a bad filter.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { assertCliBuilt, CLI_BIN, cli, cliEnv, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'
import { until } from '../helpers/until.ts'

const temp = createTempDir()
const cwd = temp.path
const KEY = 'test-admin-key'
let server: RunningServe
const followers: ChildProcess[] = []

beforeAll(async () => {
  assertCliBuilt()
  server = await startServe(['--db', 'night.sqlite'], { cwd, env: { ADMIN_KEY: KEY } })
})
afterAll(async () => {
  for (const child of followers) child.kill()
  await server?.stop()
  temp.remove()
})

/** Starts `events ...` and collects its stdout lines; resolves once it is connected. */
async function follow(args: string[]) {
  const child = spawn(process.execPath, [CLI_BIN, 'events', '--remote', server.url, ...args], { cwd, env: cliEnv(cwd) })
  followers.push(child)
  const lines: string[] = []
  let buffered = ''
  child.stdout!.on('data', (chunk) => {
    buffered += chunk
    const complete = buffered.split('\n')
    buffered = complete.pop()!
    lines.push(...complete)
  })
  // It says on stderr when it is connected: from then on every event reaches it.
  await new Promise<void>((resolve) => {
    let stderr = ''
    child.stderr!.on('data', (chunk) => {
      stderr += chunk
      if (stderr.includes('Following ')) resolve()
    })
  })
  // `until(count)`: the lines, once there are at least `count` of them.
  return { child, lines, until: (count: number) => until(() => lines, (seen) => seen.length >= count) }
}

const remote = (args: string[]) => cli([...args, '--remote', server.url, '--key', KEY], { cwd })

test('--json prints one event per line; --key shows who voted; --events filters', async () => {
  const withKey = await follow(['--json', '--key', KEY])
  const votesOnly = await follow(['--json', '--events', 'vote.received'])
  const human = await follow([])
  expect((await remote(['sessions', 'start', '--notes', 'Friday'])).code).toBe(0)
  expect((await remote(['sessions', 'add', '3'])).code).toBe(0)
  expect((await remote(['vote', 'up', '--user', 'sam'])).code).toBe(0)

  const events = (await withKey.until(3)).map((line) => JSON.parse(line))
  expect(events.map((event) => [event.id, event.event])).toEqual([[1, 'session.started'], [2, 'game.added'], [3, 'vote.received']])
  expect(events[0]).toMatchObject({ timestamp: expect.any(String), data: { session: { notes: 'Friday' } } })
  expect(events[2].data.vote).toMatchObject({ username: 'sam', type: 'up' })
  const [vote] = (await votesOnly.until(1)).map((line) => JSON.parse(line))
  expect(vote).toMatchObject({ id: 3, event: 'vote.received' })
  expect(Object.keys(vote.data.vote)).toEqual(['type', 'timestamp'])
  expect(await human.until(3)).toEqual([
    expect.stringMatching(/^#1 \d\d:\d\d:\d\d session\.started: session #1 started \(Friday\)$/),
    expect.stringMatching(/^#2 .* game\.added: .+ added to session #1$/),
    expect.stringMatching(/^#3 .* vote\.received: up vote for .+ \(\+1 \/ -0\)$/),
  ])
})

test('refuses without a server (exit 2, no database file made), an unknown type (exit 2) and a wrong key (exit 1)', async () => {
  const empty = createTempDir()
  expect(await cli(['events'], { cwd: empty.path })).toMatchObject({ code: 2, stderr: expect.stringContaining('pass --remote URL') })
  expect(existsSync(join(empty.path, 'game-picker.sqlite'))).toBe(false)
  empty.remove()
  expect(await remote(['events', '--events', 'game.added,nope'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown event type: nope') })
  expect(await cli(['events', '--remote', server.url, '--key', 'wrong'], { cwd }))
    .toMatchObject({ code: 1, stderr: expect.stringContaining('Invalid admin key') })
})
