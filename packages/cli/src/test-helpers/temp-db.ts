// A database file in a fresh temp folder, removed when the test finishes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'
import { runInProcess } from './runtime.ts'

export function createTempDb() {
  const dir = mkdtempSync(join(tmpdir(), 'game-picker-cli-unit-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'test.sqlite')
  const run = (...argv: string[]) => runInProcess([...argv, '--db', file])
  const json = async (...argv: string[]) => {
    const result = await run(...argv, '--json')
    if (result.code !== 0) throw new Error(`${argv.join(' ')} exited ${result.code}: ${result.stderr}`)
    return JSON.parse(result.stdout)
  }
  return { dir, file, run, json }
}
