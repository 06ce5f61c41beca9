// chat twitch|status|stop from the command line: on the database file (a server started later
// reads the channel) and against a running server, with a local fake of Twitch's chat.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { assertCliBuilt, cli, cliJson, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'
import { type FakeTwitch, startFakeTwitch } from '../helpers/fake-twitch.ts'

const temp = createTempDir()
const cwd = temp.path
let twitch: FakeTwitch
let server: RunningServe | undefined
beforeAll(async () => {
  assertCliBuilt()
  twitch = await startFakeTwitch()
})
afterAll(async () => {
  await server?.stop()
  await twitch.close()
  temp.remove()
})

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read()
    if (done(value) || i > 100) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

it('a channel set on the file is read by the server started on it; status and stop work through --remote', { timeout: 60_000 }, async () => {
  const env = { GAME_PICKER_DB: 'chat.sqlite', TWITCH_CHAT_URL: twitch.url }
  await cli(['init'], { cwd, env })
  expect(await cli(['chat', 'status'], { cwd, env })).toMatchObject({ code: 0, stdout: 'No chat is read.\n' })
  expect(await cliJson(['chat', 'status'], { cwd, env })).toEqual([])
  expect(await cli(['chat', 'twitch', '--channel', 'no'], { cwd, env })).toMatchObject({ code: 1, stderr: 'error: channel must be 3 to 25 letters, digits or _\n' })
  const set = await cli(['chat', 'twitch', '--channel', 'Cli_Stream'], { cwd, env })
  expect(set.code).toBe(0)
  expect(set.stdout).toContain('Twitch channel: cli_stream\nState: connecting')
  expect(set.stdout).toContain('A server started on this database reads it.')

  server = await startServe([], { cwd, env: { ...env, ADMIN_KEY: 'k' } })
  const remote = (args: string[]) => cli([...args, '--remote', server!.url, '--key', 'k'], { cwd, env })
  const [status] = await until(() => cliJson(['chat', 'status', '--remote', server!.url], { cwd, env }), ([s]) => s?.state === 'connected')
  expect(status).toMatchObject({ platform: 'twitch', channel: 'cli_stream', state: 'connected', counts: { up: 0, down: 0, poll: 0, ignored: 0 } })
  expect(twitch.readers('cli_stream')).toBe(1)
  expect(await remote(['chat', 'twitch', '--channel', 'other_stream'])).toMatchObject({ code: 1, stderr: 'error: Already reading a channel\n' })

  twitch.say('cli_stream', { login: 'ann', text: 'good game' })
  await until(() => cliJson(['chat', 'status', '--remote', server!.url], { cwd, env }), ([s]) => s.counts.ignored === 1)
  const human = await remote(['chat', 'status'])
  expect(human.stdout).toBe(`Twitch channel: cli_stream\nState: connected\nSince: ${status.since}\nVotes: 0 up, 0 down, 0 in polls; 1 messages ignored\n`)

  const stopped = await remote(['chat', 'stop'])
  expect(stopped).toMatchObject({ code: 0 })
  expect(stopped.stdout).toContain('Stopped reading cli_stream.')
  await until(async () => twitch.readers('cli_stream'), (n) => n === 0)
  expect(twitch.readers('cli_stream')).toBe(0)
  expect(await remote(['chat', 'stop'])).toMatchObject({ code: 1, stderr: 'error: Not reading a channel\n' })
})
