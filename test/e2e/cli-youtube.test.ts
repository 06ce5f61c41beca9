// chat youtube from the command line, with a local fake of the YouTube Data API: exact errors
// (exit 1), a stream set on the database file and read by the server started on it, `chat
// status` listing it with the quota used, `chat stop youtube` through --remote; the API key
// never printed.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { assertCliBuilt, cli, cliJson, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'
import { type FakeYouTube, startFakeYouTube } from '../helpers/fake-youtube.ts'
import { until } from '../helpers/until.ts'

const temp = createTempDir()
const cwd = temp.path
const KEY = 'AIzaCliKeyThatMustNeverBePrinted-0001'
let youtube: FakeYouTube
let server: RunningServe | undefined
beforeAll(async () => {
  assertCliBuilt()
  youtube = await startFakeYouTube()
  youtube.addKey(KEY)
})
afterAll(async () => {
  await server?.stop()
  await youtube.close()
  temp.remove()
})

it('a stream set on the file is read by the server started on it; status shows the quota; stop youtube through --remote', { timeout: 60_000 }, async () => {
  const env = { GAME_PICKER_DB: 'youtube.sqlite', YOUTUBE_API_URL: youtube.url }
  const printed: string[] = []
  const run = async (args: string[], extra: Record<string, string> = {}) => {
    const result = await cli(args, { cwd, env: { ...env, ...extra } })
    printed.push(result.stdout, result.stderr)
    return result
  }
  await run(['init'])
  youtube.goLive('cliStream01')
  expect(await run(['chat', 'youtube', '--video', 'not a video', '--api-key', KEY])).toMatchObject({ code: 1, stderr: 'error: video must be a YouTube video id or URL\n' })
  expect(await run(['chat', 'youtube', '--video', 'cliStream01'])).toMatchObject({ code: 1, stderr: 'error: A YouTube API key is required\n' })
  expect(await run(['chat', 'youtube', '--video', 'cliStream01', '--api-key', 'AIzaWrong'])).toMatchObject({ code: 1, stderr: 'error: YouTube refused the API key\n' })
  expect(await run(['chat', 'youtube', '--video', 'cliStream01', '--api-key', KEY, '--interval', '61'])).toMatchObject({ code: 1, stderr: 'error: interval_seconds must be a whole number from 5 to 60\n' })
  expect(await run(['chat', 'youtube', '--video', 'noLiveChat1', '--api-key', KEY])).toMatchObject({ code: 1, stderr: 'error: No live chat on this video\n' })
  const set = await run(['chat', 'youtube', '--video', 'https://youtu.be/cliStream01', '--api-key', KEY, '--interval', '10'])
  expect(set.code).toBe(0)
  expect(set.stdout).toContain('YouTube video: cliStream01\nState: connecting')
  expect(set.stdout).toContain('Quota used today: 1 of 10000 units')
  expect(set.stdout).toContain('A server started on this database reads it.')

  server = await startServe([], { cwd, env: { ...env, ADMIN_KEY: 'k' } })
  const remote = (args: string[]) => run([...args, '--remote', server!.url, '--key', 'k'])
  const [status] = await until(() => cliJson(['chat', 'status', '--remote', server!.url], { cwd, env }), ([s]) => s?.state === 'connected', 20_000, 100)
  expect(status).toMatchObject({ platform: 'youtube', channel: 'cliStream01', state: 'connected', counts: { up: 0, down: 0, poll: 0, queue: 0, ignored: 0 } })
  const human = await remote(['chat', 'status'])
  expect(human.stdout).toMatch(new RegExp(`^YouTube video: cliStream01\\nState: connected\\nSince: ${status.since}\\nVotes: 0 up, 0 down, 0 in polls; 0 messages ignored\\n`
    + 'Quota used today: 6 of 10000 units \\(the day starts again at \\d{4}-\\d\\d-\\d\\dT(07|08):00:00.000Z\\)\\n$'))
  youtube.goLive('otherStream')
  expect(await remote(['chat', 'youtube', '--video', 'otherStream', '--api-key', KEY])).toMatchObject({ code: 1, stderr: 'error: Already reading a YouTube chat\n' })

  const stopped = await remote(['chat', 'stop', 'youtube'])
  expect(stopped).toMatchObject({ code: 0 })
  expect(stopped.stdout).toContain('Stopped reading cliStream01.')
  expect(await remote(['chat', 'stop', 'youtube'])).toMatchObject({ code: 1, stderr: 'error: Not reading a YouTube chat\n' })
  printed.push(server.output().stdout, server.output().stderr)
  expect(printed.join('\n')).not.toContain(KEY)
})
