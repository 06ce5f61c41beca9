// The postgres package README's snippet, run as written (on a fresh database) against the built package.
import { execFile } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { createTestDatabase } from '../helpers/postgres.ts'

const PACKAGE = fileURLToPath(new URL('../../packages/postgres/', import.meta.url))

test('a library user sets up a new database with the catalogue through the README snippet', async () => {
  const snippet = /```js\n([\s\S]*?)```/.exec(readFileSync(join(PACKAGE, 'README.md'), 'utf8'))?.[1]
  const example = 'postgres://game_picker:secret@db.internal:5432/game_picker'
  expect(snippet).toContain(example)
  // Inside the package folder, so its own name and @game-picker/core resolve (to dist).
  const script = join(PACKAGE, `.readme-snippet-${process.pid}.mjs`)
  writeFileSync(script, snippet!.replace(example, await createTestDatabase({ schema: 'none' })))
  try {
    const run = () => new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [script], (error, out, err) => (error ? reject(new Error(err)) : resolve(out))))
    expect(await run()).toBe('62\n')
    expect(await run()).toBe('62\n') // set up once: the second start loads nothing more
  } finally {
    rmSync(script, { force: true })
  }
})
