// One writer per database file (sqlite run only: a PostgreSQL database has no such lock): a
// local write beside a running `serve` is refused at once, naming the server's process and
// pointing at --remote, while a local read works beside it (it replays the server's journal).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { assertCliBuilt, cli, cliJson, createTempDir, startServe } from '../helpers/cli.ts'

const temp = createTempDir()
const cwd = temp.path
const env = { GAME_PICKER_DB: 'shop.sqlite', ADMIN_KEY: 'k' }
beforeAll(assertCliBuilt)
afterAll(temp.remove)

it('refuses a local write beside serve on the same file, and reads what the server wrote', async () => {
  await cli(['init'], { cwd, env })
  const server = await startServe([], { cwd, env })
  try {
    expect(await cliJson(['sessions', 'start', '--remote', server.url, '--key', 'k'], { cwd, env })).toMatchObject({ id: 1 })
    const [locked, active] = await Promise.all([
      cli(['sessions', 'start'], { cwd, env }),
      cliJson(['sessions', 'show'], { cwd, env }),
    ])
    expect(locked).toMatchObject({ code: 1, stderr: `error: database shop.sqlite is in use by process ${server.pid}; stop it or use --remote URL\n` })
    expect(active).toMatchObject({ id: 1, is_active: 1 })
  } finally {
    await server.stop()
  }
})
