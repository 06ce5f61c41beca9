// The core README's library snippet, run as written (on a temp file) against the built package.
import { execFile } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { tempDir } from '../helpers/tmp-dir.ts'

const CORE = fileURLToPath(new URL('../../packages/core/', import.meta.url))

test('a library user opens a store on a file and picks a game with the README snippet', async () => {
  const readme = readFileSync(join(CORE, 'README.md'), 'utf8')
  const snippet = /```js\n([\s\S]*?)```/.exec(readme)?.[1]
  expect(snippet).toContain("createSqliteStore({ file: './games.sqlite' })")
  const dir = tempDir()
  // Inside the package folder, so `@game-picker/core` resolves to the package itself (its dist).
  const script = join(CORE, `.readme-snippet-${process.pid}.mjs`)
  writeFileSync(script, snippet!.replace("'./games.sqlite'", JSON.stringify(join(dir, 'games.sqlite'))))
  try {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [script], (error, out, err) => (error ? reject(new Error(err)) : resolve(out))))
    expect(stdout).toMatch(/^.+ \(.+\), one of \d+\n$/)
    expect(existsSync(join(dir, 'games.sqlite'))).toBe(true)
  } finally {
    rmSync(script, { force: true })
  }
})
