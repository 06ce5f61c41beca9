// chat twitch|discord|status|stop from the command line: on the database file (a server started
// later reads the channel) and against a running server, with local fakes of Twitch's chat and Discord.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { assertCliBuilt, cli, cliJson, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'
import { startFakeDiscord } from '../helpers/fake-discord.ts'
import { type FakeTwitch, startFakeTwitch } from '../helpers/fake-twitch.ts'
import { until } from '../helpers/until.ts'

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

/** What `chat status --json` says through --remote, until `done` holds (each read runs the binary). */
const statusUntil = (url: string, env: Record<string, string>, done: (status: any[]) => boolean) =>
  until(() => cliJson(['chat', 'status', '--remote', url], { cwd, env }), done, 20_000, 100)

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
  const [status] = await statusUntil(server.url, env, ([s]) => s?.state === 'connected')
  expect(status).toMatchObject({ platform: 'twitch', channel: 'cli_stream', state: 'connected', counts: { up: 0, down: 0, poll: 0, queue: 0, ignored: 0 } })
  expect(twitch.readers('cli_stream')).toBe(1)
  expect(await remote(['chat', 'twitch', '--channel', 'other_stream'])).toMatchObject({ code: 1, stderr: 'error: Already reading a channel\n' })

  twitch.say('cli_stream', { login: 'ann', text: 'good game' })
  await statusUntil(server.url, env, ([s]) => s.counts.ignored === 1)
  const human = await remote(['chat', 'status'])
  expect(human.stdout).toBe(`Twitch channel: cli_stream\nState: connected\nSince: ${status.since}\nVotes: 0 up, 0 down, 0 in polls; 0 queue joins and leaves; 1 messages ignored\n`)

  const stopped = await remote(['chat', 'stop'])
  expect(stopped).toMatchObject({ code: 0 })
  expect(stopped.stdout).toContain('Stopped reading cli_stream.')
  await until(() => twitch.readers('cli_stream'), (n) => n === 0)
  expect(twitch.readers('cli_stream')).toBe(0)
  expect(await remote(['chat', 'stop'])).toMatchObject({ code: 1, stderr: 'error: Not reading a channel\n' })
})

it('chat discord runs the bot through --remote (the token from the flag or the server\'s environment); status lists it; stop discord', { timeout: 60_000 }, async () => {
  const discord = await startFakeDiscord()
  const env = { GAME_PICKER_DB: 'discord.sqlite', DISCORD_API_URL: discord.apiUrl }
  let serve: RunningServe | undefined
  try {
    await cli(['init'], { cwd, env })
    expect(await cli(['chat', 'discord', '--channel', '123'], { cwd, env })).toMatchObject({ code: 1, stderr: 'error: channel_id must be a Discord channel id\n' })
    expect(await cli(['chat', 'discord', '--channel', discord.channelId], { cwd, env })).toMatchObject({ code: 1, stderr: 'error: A Discord bot token is required\n' })
    serve = await startServe([], { cwd, env: { ...env, ADMIN_KEY: 'k' } })
    const remote = (args: string[]) => cli([...args, '--remote', serve!.url, '--key', 'k'], { cwd, env })
    const started = await remote(['chat', 'discord', '--channel', discord.channelId, '--token', discord.token])
    expect(started.code).toBe(0)
    expect(started.stdout).toContain(`Discord channel: ${discord.channelId}\n`)
    expect(started.stdout).toContain('In the channel: /pick, /vote up|down, /join and /leave (the viewer queue), /poll and /close (Manage Server)')
    const [status] = await statusUntil(serve.url, env, ([s]) => s?.state === 'connected')
    expect(status).toMatchObject({ platform: 'discord', channel: discord.channelId, state: 'connected' })
    expect((await remote(['chat', 'status'])).stdout).toContain(`Discord channel: ${discord.channelId}\nState: connected\n`)
    expect(await remote(['chat', 'discord', '--channel', discord.otherChannelId, '--token', discord.token]))
      .toMatchObject({ code: 1, stderr: 'error: Already connected to a Discord channel\n' })
    const stopped = await remote(['chat', 'stop', 'discord'])
    expect(stopped).toMatchObject({ code: 0 })
    expect(stopped.stdout).toContain(`Stopped reading ${discord.channelId}.`)
    await until(() => discord.connections(), (n) => n === 0)
    expect(await remote(['chat', 'stop', 'discord'])).toMatchObject({ code: 1, stderr: 'error: Not connected to Discord\n' })
    await serve.stop()

    // The token from the server's environment: none on the command line.
    serve = await startServe([], { cwd, env: { ...env, ADMIN_KEY: 'k', DISCORD_BOT_TOKEN: discord.token } })
    const fromEnv = await remote(['chat', 'discord', '--channel', discord.channelId])
    expect(fromEnv.code).toBe(0)
    await statusUntil(serve.url, env, ([s]) => s?.state === 'connected')
    expect(discord.identifies.map((identify) => identify.token)).toEqual([discord.token, discord.token])
    for (const result of [started, stopped, fromEnv, serve.output()]) expect(result.stdout + result.stderr).not.toContain(discord.token)
  } finally {
    await serve?.stop()
    await discord.close()
  }
})
