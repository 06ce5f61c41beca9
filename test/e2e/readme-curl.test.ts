// The README's curl walkthrough, run as written against `game-picker serve` (only the port differs).
import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { assertCliBuilt, cliEnv, createTempDir, startServe } from '../helpers/cli.ts'

const temp = createTempDir()
afterAll(() => temp.remove())

function readCurlWalkthrough(): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const script = /```bash\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('### The API with curl')))?.[1]
  if (!script?.includes('API=http://127.0.0.1:3000')) throw new Error('README: no curl walkthrough')
  return script
}

test('the README curl walkthrough logs in, adds a game, starts a session, picks (also candidates and odds), adds, votes, closes and reads stats', async () => {
  assertCliBuilt()
  const serve = await startServe(['--db', 'readme.sqlite'], { cwd: temp.path, env: { ADMIN_KEY: 'change-me' } })
  try {
    const script = readCurlWalkthrough().replace('API=http://127.0.0.1:3000', `API=${serve.url}`)
    writeFileSync(join(temp.path, 'walkthrough.sh'), `set -eu\n${script}`)
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile('bash', ['walkthrough.sh'], { cwd: temp.path, env: cliEnv(temp.path) }, (error, out, err) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err })))
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    const bodies = stdout.split(/(?<=})(?={)/).map((part) => JSON.parse(part))
    expect(bodies[0]).toMatchObject({ title: 'Charades', pack_name: 'House Games' })
    const [candidates, explained] = [bodies[1], bodies[2]]
    expect(Object.keys(candidates)).toEqual(['game', 'poolSize', 'totalEnabled', 'games'])
    expect(candidates.games).toHaveLength(3)
    for (const game of candidates.games) expect(game).toMatchObject({ has_audience: 1, pack_name: expect.stringMatching(/^The Jackbox Party Pack [37]$/) })
    expect(Object.keys(explained)).toEqual(['game', 'poolSize', 'totalEnabled', 'odds'])
    expect(explained.odds).toHaveLength(explained.poolSize)
    expect(explained.odds.reduce((sum: number, entry: { probability: number }) => sum + entry.probability, 0)).toBeCloseTo(1, 9)
    expect(bodies[3]).toMatchObject({ session_id: 1, status: 'playing', room_code: 'ABCD' })
    expect(bodies[4]).toMatchObject({ success: true, vote: { username: 'viewer1', type: 'up' } })
    expect(bodies[5]).toMatchObject({ id: 1, is_active: 0, games_played: 1 })
    expect(bodies[6]).toMatchObject({ games: { count: 63 }, sessions: { count: 1 }, totalGamesPlayed: { count: 1 } })
    expect(bodies[6].topRatedGames[0]).toMatchObject({ upvotes: 1 })
  } finally {
    await serve.stop()
  }
})
