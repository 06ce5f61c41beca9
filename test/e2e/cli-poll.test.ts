// `game-picker poll` locally on the file and with --remote against a running serve.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { assertCliBuilt, cli, cliJson, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'

const temp = createTempDir()
const cwd = temp.path
const KEY = 'poll-admin-key'
const env = { GAME_PICKER_DB: 'polls.sqlite', ECAST_URL: 'http://127.0.0.1:9' }
beforeAll(async () => {
  assertCliBuilt()
  await cli(['init'], { cwd, env })
})
afterAll(() => temp.remove())

describe('game-picker poll', () => {
  test('locally: open from a pick, vote by chat name (moving a vote), status with bars, close with the winner added', async () => {
    expect((await cli(['poll', 'status'], { cwd, env })).stdout).toBe('No polls yet.\n')
    await cli(['sessions', 'start'], { cwd, env })
    const opened = await cliJson(['poll', 'open', '--players', '6', '--count', '4', '--add', '--json'], { cwd, env })
    expect(opened).toMatchObject({ id: 1, status: 'open', add_winner: true, total_votes: 0 })
    expect(opened.candidates).toHaveLength(4)
    const again = await cli(['poll', 'open', '--games', '1,2'], { cwd, env })
    expect(again).toMatchObject({ code: 1, stderr: 'error: A poll is already open\n' })

    const voted = await cli(['poll', 'vote', '2', '--user', 'sam'], { cwd, env })
    expect(voted.stdout).toBe(`sam voted for 2. ${opened.candidates[1].game.title} (now 1 of 1).\n`)
    await cli(['poll', 'vote', '3', '--user', 'alex'], { cwd, env })
    await cli(['poll', 'vote', '3', '--user', 'sam'], { cwd, env })
    expect(await cli(['poll', 'vote', '5', '--user', 'sam'], { cwd, env })).toMatchObject({ code: 1, stderr: 'error: choice must be an integer from 1 to 4\n' })
    const status = (await cli(['poll', 'status'], { cwd, env })).stdout
    expect(status).toContain('Poll #1 (open) - 2 votes')
    expect(status).toMatch(new RegExp(` 3  ${opened.candidates[2].game.title}\\s+█{24} 2 \\(100%\\)`))
    expect(status).toMatch(new RegExp(` 1  ${opened.candidates[0].game.title}\\s+░{24} 0 \\(0%\\)`))

    const closed = await cliJson(['poll', 'close', '--json'], { cwd, env })
    expect(closed).toMatchObject({ status: 'closed', total_votes: 2, winner: { number: 3 }, session_game: { status: 'playing' } })
    expect((await cli(['poll', 'status'], { cwd, env })).stdout).toContain(`Winner: 3. ${opened.candidates[2].game.title}`)
    expect(await cli(['poll', 'close'], { cwd, env })).toMatchObject({ code: 2 })
    expect(await cli(['poll', 'vote', '1', '--user', 'late'], { cwd, env })).toMatchObject({ code: 1, stderr: 'error: No open poll\n' })
    expect((await cli(['poll', 'open', '--count', '1'], { cwd, env })).stderr).toBe('error: count must be an integer from 2 to 10\n')
    expect((await cli(['poll', 'open', '--games', '1,x'], { cwd, env })).code).toBe(2)
    await cli(['sessions', 'close'], { cwd, env })
  })

  test('with --remote: the same commands through the API, key needed to open, close and vote', { timeout: 60_000 }, async () => {
    let server: RunningServe | undefined
    try {
      server = await startServe([], { cwd, env: { ...env, ADMIN_KEY: KEY } })
      const remote = (args: string[]) => cli([...args, '--remote', server!.url, '--key', KEY], { cwd, env })
      const opened = JSON.parse((await remote(['poll', 'open', '--games', '5,7', '--duration', '600', '--json'])).stdout)
      expect(opened).toMatchObject({ status: 'open', candidates: [{ number: 1, game: { id: 5 } }, { number: 2, game: { id: 7 } }] })
      expect((await remote(['poll', 'vote', '2', '--user', 'viewer'])).stdout).toContain('viewer voted for 2.')
      expect(await cli(['poll', 'vote', '1', '--user', 'viewer', '--remote', server.url], { cwd, env }))
        .toMatchObject({ code: 2, stderr: 'error: This command needs the admin key: pass --key KEY or set GAME_PICKER_KEY.\n' })
      const status = (await remote(['poll', 'status'])).stdout
      expect(status).toContain(`Poll #${opened.id} (open) - 1 vote`)
      expect(status).toMatch(/Closes in \d+ s/)
      const closed = JSON.parse((await remote(['poll', 'close', String(opened.id), '--json'])).stdout)
      expect(closed).toMatchObject({ status: 'closed', winner: { number: 2 }, session_game: null })
    } finally {
      await server?.stop()
    }
  })
})
