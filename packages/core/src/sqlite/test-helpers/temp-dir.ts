// A temp folder per test, removed when the test finishes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'

export function makeTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'durable-db-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
