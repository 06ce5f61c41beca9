// API tokens and the audit log from the command line: tokens made on the database file before
// the server runs and through --remote, a gp_ token passed as --key and used as it is, its
// scope enforced, revocation, and `audit`.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { assertCliBuilt, cli, cliJson, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'

const temp = createTempDir()
const cwd = temp.path
const KEY = 'test-admin-key'
const env = { GAME_PICKER_DB: 'tokens.sqlite' }
let server: RunningServe
let localToken: { id: number; token: string }

beforeAll(async () => {
  assertCliBuilt()
  await cli(['init'], { cwd, env })
  // Made on the file before any server runs: a helper's token can be prepared offline.
  localToken = await cliJson(['tokens', 'create', '--name', 'prepared', '--scope', 'catalogue', '--expires-days', '30'], { cwd, env })
  server = await startServe([], { cwd, env: { ...env, ADMIN_KEY: KEY } })
})
afterAll(async () => {
  await server?.stop()
  temp.remove()
})

const asAdmin = (args: string[]) => cli([...args, '--remote', server.url, '--key', KEY], { cwd, env })
const withKey = (key: string, args: string[]) => cli([...args, '--remote', server.url, '--key', key], { cwd, env })

it('creates, lists and revokes tokens; a gp_ key works with its scopes only, and not once revoked', async () => {
  expect(localToken.token).toMatch(/^gp_/)
  expect((await withKey(localToken.token, ['games', 'toggle', '1'])).code).toBe(0)

  const created = await asAdmin(['tokens', 'create', '--name', 'chat bot', '--scope', 'votes', '--scope', 'sessions'])
  expect(created.code).toBe(0)
  const token = /^(gp_\S+)$/m.exec(created.stdout)![1]
  expect(created.stdout).toContain('Created token #2 chat bot (sessions, votes; never expires).')
  expect(created.stdout).toContain('It is shown this once')

  const listed = await asAdmin(['tokens', 'list'])
  expect(listed.stdout).toMatch(/ID\s+Name\s+Scopes\s+Created\s+Expires\s+Last used/)
  expect(listed.stdout).toMatch(/2\s+chat bot\s+sessions,votes/)
  expect(listed.stdout).not.toContain('gp_')

  expect(await withKey(token, ['sessions', 'start', '--notes', 'bot night'])).toMatchObject({ code: 0 })
  expect(await withKey(token, ['webhooks', 'list'])).toMatchObject({ code: 1, stderr: 'error: Token lacks scope: webhooks\n' })
  expect(await withKey(token, ['tokens', 'list'])).toMatchObject({ code: 1, stderr: 'error: Token lacks scope: admin\n' })

  expect(await asAdmin(['tokens', 'revoke', '2'])).toMatchObject({ code: 0, stdout: 'Revoked token #2: it is refused from now on.\n' })
  expect(await withKey(token, ['sessions', 'close'])).toMatchObject({ code: 1, stderr: 'error: Invalid or expired token\n' })
  expect(await asAdmin(['tokens', 'revoke', '2'])).toMatchObject({ code: 1, stderr: 'error: Token not found\n' })
  expect(await asAdmin(['tokens', 'create', '--name', 'x', '--scope', 'root'])).toMatchObject({ code: 1, stderr: 'error: Unknown scope: root\n' })
})

it('audit lists who changed what, newest first, as a table or JSON', async () => {
  const entries = await cliJson(['audit', '--limit', '500', '--remote', server.url, '--key', KEY], { cwd, env })
  const lines = entries.map((entry: { actor: string; method: string; path: string; status: number }) => `${entry.actor} ${entry.method} ${entry.path} ${entry.status}`)
  expect(lines).toEqual(expect.arrayContaining([
    'token:prepared PATCH /api/games/1/toggle 200', 'admin POST /api/tokens 201', 'token:chat bot POST /api/sessions 201',
    'admin DELETE /api/tokens/2 200', 'admin DELETE /api/tokens/2 404',
  ]))
  // A refused read (GET /api/webhooks) changes nothing: not recorded.
  expect(lines.filter((line: string) => line.includes('/api/webhooks'))).toEqual([])
  const table = await asAdmin(['audit', '--limit', '3'])
  expect(table.stdout).toMatch(/ID\s+At\s+Actor\s+Request\s+Status/)
  expect(table.stdout.trim().split('\n')).toHaveLength(4)
})
