// The README's games night walkthrough, run as written with game-picker on PATH. It works on a
// database file (`export GAME_PICKER_DB=./games-night.sqlite`), so it runs in the sqlite run only.
import { execFile } from 'node:child_process'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { assertCliBuilt, CLI_BIN, cliEnv, createTempDir } from '../helpers/cli.ts'

const readmeDir = createTempDir()
beforeAll(assertCliBuilt)
afterAll(readmeDir.remove)

function readWalkthrough(readmePath = '../../packages/cli/README.md'): string {
  const readme = readFileSync(new URL(readmePath, import.meta.url), 'utf8')
  const section = readme.slice(readme.indexOf('## At a games night'))
  const script = /```sh\n([\s\S]*?)```/.exec(section)?.[1]
  if (!script) throw new Error('README: no sh block under "At a games night"')
  return script
}

it('runs the README\'s games night walkthrough exactly as written, with game-picker on PATH', { timeout: 60_000 }, async () => {
  const bin = join(readmeDir.path, 'bin')
  writeFileSync(join(readmeDir.path, 'walkthrough.sh'), `set -eu\n${readWalkthrough()}`)
  mkdirSync(bin)
  writeFileSync(join(bin, 'game-picker'), `#!/bin/sh\nexec "${process.execPath}" "${CLI_BIN}" "$@"\n`)
  chmodSync(join(bin, 'game-picker'), 0o755)
  const env = cliEnv(readmeDir.path, { PATH: `${bin}:${process.env.PATH}` })
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile('bash', ['walkthrough.sh'], { cwd: readmeDir.path, env }, (error, out, err) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err }))
  })
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
  expect(stdout).toMatch(/^Created \.\/games-night\.sqlite with the bundled Jackbox catalogue \(62 games\)\.\nStarted session #1\.\n/)
  expect(stdout).toMatch(/Picked from \d+ of 62 enabled games\.\nAdded to session #1 \(session game 1\)\.\nVote up from sam recorded for .+ \(now \+1 \/ -0\)\.\nVote down from alex recorded for .+ \(now \+1 \/ -1\)\./)
  expect(stdout).toMatch(/\nPoll #1 \(open\) - 0 votes\n[\s\S]*\nsam voted for 2\. .+ \(now 1 of 1\)\.\nPoll #1 \(open\) - 1 vote\n[\s\S]*\nPoll #1 \(closed\) - 1 vote\n[\s\S]*\nWinner: 2\. [\s\S]*Added to session #1 \(session game 2\)\./)
  expect(stdout).toMatch(/Closed session #1 \(2 games played\)\.\nGames: +62 \(62 enabled\)[\s\S]*Most played\nID +Title/)
  // The project README shows the same walkthrough, so it works as written too.
  expect(readWalkthrough('../../README.md')).toBe(readWalkthrough())
})
