// Secrets at rest, the hard way, through the built binary on both stores: a server with a
// webhook, a YouTube chat on the fake and a logged-in admin takes a backup. No file of the
// database (the database, its journal and pages files; on PostgreSQL the database's own data
// files) and no backup holds the webhook secret, the API key or the key itself, and no cell of
// the backup, tried as an HMAC key, verifies the admin's token or the webhook's signature. A
// kill -9 and a restore with the key keep everything working; a restore without it is refused
// until `db reset-secrets`, which removes the connector, disables the webhook until a new secret
// is set and renews the signing secret.
import { createHmac, randomBytes } from 'node:crypto'
import { copyFileSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { openSqlDatabase } from '@game-picker/sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertCliBuilt, cli, createTempDir, type RunningServe, startServe } from '../helpers/cli.ts'
import { type FakeYouTube, startFakeYouTube } from '../helpers/fake-youtube.ts'
import { databaseFor, TEST_STORE } from '../helpers/postgres.ts'
import { type Receiver, respondWith, startReceiver } from '../helpers/receiver.ts'
import { call, login } from '../helpers/server.ts'
import { TEST_SECRET_KEY_TEXT } from '../helpers/secret-key.ts'
import { databaseFiles } from '../helpers/database-files.ts'
import { until } from '../helpers/until.ts'

const temp = createTempDir()
const cwd = temp.path
const ADMIN = 'secrets-admin-key'
const WEBHOOK_SECRET = `whsec-${randomBytes(12).toString('hex')}`
const API_KEY = `AIzaSealed${randomBytes(12).toString('hex')}`
const SEALED_ELSEWHERE = "error: This database's secrets were sealed with another key: start with that key, or run game-picker db reset-secrets\n"
let youtube: FakeYouTube
let receiver: Receiver
/** Everything every process printed: the key and the secrets must be in none of it. */
const printed: string[] = []

beforeAll(async () => {
  assertCliBuilt()
  youtube = await startFakeYouTube()
  youtube.addKey(API_KEY)
  youtube.goLive('sealedLive1')
  receiver = await startReceiver(respondWith(200), { forFile: true })
})
afterAll(async () => {
  await youtube.close()
  temp.remove()
})

const env = () => ({ YOUTUBE_API_URL: youtube.url })
const serve = async (db: string, extra: string[] = [], more: Record<string, string> = {}) => {
  const server = await startServe(['--db', db, '--admin-key', ADMIN, ...extra], { cwd, env: { ...env(), ...more } })
  return server
}
const stop = async (server: RunningServe, signal?: NodeJS.Signals) => {
  const { stdout, stderr } = await server.stop(signal)
  printed.push(stdout, stderr)
}

/** The last delivery's signature checks out with `secret`. */
function lastDeliverySignedWith(secret: string): boolean {
  const delivery = receiver.requests.at(-1)!
  const expected = `sha256=${createHmac('sha256', secret).update(`${delivery.headers['x-webhook-timestamp']}.${delivery.rawBody}`).digest('hex')}`
  return delivery.headers['x-webhook-signature'] === expected
}

/** Starts a session (and closes it again), and waits for its signed delivery. */
async function deliverOne(url: string, token: string): Promise<void> {
  const before = receiver.requests.length
  const started = await call(url, 'POST', '/api/sessions', { token, body: {} })
  expect(started.status).toBe(201)
  expect((await call(url, 'POST', `/api/sessions/${started.body.id}/close`, { token })).status).toBe(200)
  await until(() => receiver.requests.length, (count) => count > before, 20_000)
}

/** Every cell of a database file, as the bytes an HMAC key would be made of. */
async function cellsOf(file: string): Promise<Buffer[]> {
  const db = await openSqlDatabase({ file, readOnly: true })
  try {
    return await db.read((r) => r.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .flatMap(({ name }) => r.all<Record<string, unknown>>(`SELECT * FROM "${name}"`).flatMap((row) => Object.values(row)))
      .filter((cell) => cell !== null)
      .map((cell) => (cell instanceof Uint8Array ? Buffer.from(cell) : Buffer.from(String(cell)))))
  } finally {
    await db.close()
  }
}

const hmac = (key: Buffer, text: string, encoding: 'hex' | 'base64url') => createHmac('sha256', key).update(text).digest(encoding)

describe('secrets at rest', () => {
  const db = 'night.sqlite'
  let token: string
  let backup: string

  it('a running server keeps no secret readable in its files or its backup, and no cell of the backup signs', { timeout: 120_000 }, async () => {
    const server = await serve(db, ['--backup-dir', 'backups', '--backup-every', '1h'])
    let scan: () => Promise<void>
    try {
      scan = await checkLiveAndBackup(server)
    } finally {
      await stop(server)
    }
    await scan() // and once the server saved everything at its stop
  })

  /**
   * Sets a webhook and the chat up, delivers one event, waits for a backup taken after that, and
   * scans the files; returns the scan, to run again.
   */
  async function checkLiveAndBackup(server: RunningServe): Promise<() => Promise<void>> {
    token = await login(server.url, ADMIN)
    const hook = await call(server.url, 'POST', '/api/webhooks', {
      token, body: { name: 'bot', url: receiver.url, secret: WEBHOOK_SECRET, events: ['session.started'] },
    })
    expect(hook.status).toBe(201)
    expect(JSON.stringify(hook.body)).not.toContain(WEBHOOK_SECRET)
    expect((await call(server.url, 'POST', '/api/chat/youtube', { token, body: { video: 'sealedLive1', api_key: API_KEY } })).status).toBe(201)
    await until(async () => (await call(server.url, 'GET', '/api/chat/youtube')).body.state, (state) => state === 'connected', 20_000)
    await deliverOne(server.url, token)
    expect(lastDeliverySignedWith(WEBHOOK_SECRET)).toBe(true)

    // The first scheduled backup began at the start; this one holds the webhook and the chat.
    const started = await until(() => call(server.url, 'POST', '/api/backups', { token }), (answer) => answer.status === 202, 60_000)
    backup = join(cwd, 'backups', started.body.file)
    await until(async () => (await call(server.url, 'GET', '/api/backups', { token })).body, (list) => list.length === 2, 60_000)
    const audit = await call(server.url, 'GET', '/api/audit?limit=500', { token })
    expect(audit.status).toBe(200)
    printed.push(JSON.stringify(audit.body))

    // The raw bytes of every file.
    const key = TEST_STORE === 'sqlite' ? readFileSync(join(cwd, `${db}.key`), 'utf8').trim() : TEST_SECRET_KEY_TEXT
    const scan = async () => {
      for (const file of [...await databaseFiles(db, cwd), backup]) {
        const bytes = readFileSync(file)
        for (const secret of [WEBHOOK_SECRET, API_KEY, key]) expect({ file, found: bytes.includes(secret) }).toEqual({ file, found: false })
      }
    }
    await scan()

    // The backup's every cell as a key: no admin token, no webhook signature verifies.
    const [header, payload, signature] = token.split('.')
    const delivery = receiver.requests.at(-1)!
    const signed = `${delivery.headers['x-webhook-timestamp']}.${delivery.rawBody}`
    const cells = await cellsOf(backup)
    expect(cells.length).toBeGreaterThan(500)
    for (const cell of cells) {
      expect(hmac(cell, `${header}.${payload}`, 'base64url')).not.toBe(signature)
      expect(`sha256=${hmac(cell, signed, 'hex')}`).not.toBe(delivery.headers['x-webhook-signature'])
    }
    if (TEST_STORE === 'sqlite') expect(statSync(join(cwd, `${db}.key`)).mode & 0o777).toBe(0o600)
    return scan
  }

  it('after kill -9 the same key keeps the token valid, the webhook signing with its secret and the chat reading', { timeout: 60_000 }, async () => {
    const server = await serve(db)
    try {
      expect((await call(server.url, 'GET', '/api/webhooks', { token })).status).toBe(200)
      await stop(server, 'SIGKILL')
    } catch (error) {
      await server.stop('SIGKILL')
      throw error
    }
    const again = await serve(db)
    try {
      expect((await call(again.url, 'GET', '/api/webhooks', { token })).status).toBe(200)
      await deliverOne(again.url, token)
      expect(lastDeliverySignedWith(WEBHOOK_SECRET)).toBe(true)
      const calls = youtube.calls.length
      await until(() => youtube.calls.slice(calls), (made) => made.some((made) => made.key === API_KEY && made.status === 200), 30_000)
    } finally {
      await stop(again)
    }
  })

  it('restored with its key, everything works; without it the server refuses until db reset-secrets', { timeout: 120_000 }, async () => {
    // With the key: the copy signs, verifies and reads as the original did.
    const restored = await restore('restored.sqlite')
    const server = await serve(restored.db, restored.keyArgs)
    try {
      expect((await call(server.url, 'GET', '/api/webhooks', { token })).status).toBe(200)
      await deliverOne(server.url, token)
      expect(lastDeliverySignedWith(WEBHOOK_SECRET)).toBe(true)
      await until(async () => (await call(server.url, 'GET', '/api/chat/youtube')).body.state, (state) => state === 'connected', 20_000)
    } finally {
      await stop(server)
    }

    // Without it: refused, exit 1, nothing started.
    const lost = await restore('lost-key.sqlite')
    const wrongKey: Record<string, string> = TEST_STORE === 'sqlite' ? {} : { GAME_PICKER_SECRET_KEY: randomBytes(32).toString('base64') }
    const refused = await cli(['serve', '--port', '0', '--db', lost.db], { cwd, env: { ...env(), ...wrongKey } })
    expect(refused).toMatchObject({ code: 1, stderr: SEALED_ELSEWHERE })
    const reset = await cli(['db', 'reset-secrets', '--db', lost.db], { cwd, env: wrongKey })
    printed.push(reset.stdout, reset.stderr)
    expect(reset.code).toBe(0)
    expect(reset.stdout).toContain('Removed the chat connectors: youtube')
    expect(reset.stdout).toContain('Disabled webhook 1 until a new secret is set')
    expect(reset.stdout).toContain('Renewed the token-signing secret')

    const fresh = await serve(lost.db, [], wrongKey)
    try {
      expect(await call(fresh.url, 'GET', '/api/webhooks', { token })).toMatchObject({ status: 403, body: { error: 'Invalid or expired token' } })
      const admin = await login(fresh.url, ADMIN)
      expect(await call(fresh.url, 'GET', '/api/chat/youtube')).toMatchObject({ status: 404 })
      expect((await call(fresh.url, 'GET', '/api/webhooks', { token: admin })).body).toMatchObject([{ id: 1, enabled: false }])
      expect(await call(fresh.url, 'PATCH', '/api/webhooks/1', { token: admin, body: { enabled: true } }))
        .toMatchObject({ status: 400, body: { error: 'This webhook has no secret since db reset-secrets: set a new one first' } })
      expect(await call(fresh.url, 'POST', '/api/webhooks/test/1', { token: admin }))
        .toMatchObject({ status: 400, body: { error: 'This webhook has no secret since db reset-secrets: set a new one first' } })
      const renewed = `whsec-new-${randomBytes(6).toString('hex')}`
      expect(await call(fresh.url, 'PATCH', '/api/webhooks/1', { token: admin, body: { secret: renewed } })).toMatchObject({ status: 200, body: { enabled: true } })
      await deliverOne(fresh.url, admin)
      expect(lastDeliverySignedWith(renewed)).toBe(true)
    } finally {
      await stop(fresh)
    }
    expect(printed.join('\n')).not.toContain(WEBHOOK_SECRET)
    expect(printed.join('\n')).not.toContain(API_KEY)
    expect(printed.join('\n')).not.toContain(TEST_STORE === 'sqlite' ? readFileSync(join(cwd, `${db}.key`), 'utf8').trim() : TEST_SECRET_KEY_TEXT)
  })

  /** The backup as another database: a file beside the original, or a new PostgreSQL database (db copy). */
  async function restore(name: string): Promise<{ db: string; keyArgs: string[] }> {
    if (TEST_STORE === 'sqlite') {
      copyFileSync(backup, join(cwd, name))
      return { db: name, keyArgs: ['--secret-key-file', `${db}.key`] }
    }
    const url = await databaseFor(join(cwd, name))
    const copied = await cli(['db', 'copy', '--from', backup, '--to', url], { cwd })
    expect(copied.code).toBe(0)
    return { db: name, keyArgs: [] }
  }
})

it('a key of the wrong form, and PostgreSQL without a key, are refused with exit 1', async () => {
  expect(await cli(['serve', '--port', '0', '--db', 'malformed.sqlite'], { cwd, env: { GAME_PICKER_SECRET_KEY: 'c2hvcnQ=' } }))
    .toMatchObject({ code: 1, stderr: 'error: The secret key must be 32 bytes in base64\n' })
  expect(await cli(['serve', '--port', '0', '--db', 'postgres://nobody@127.0.0.1:9/none'], { cwd, env: { GAME_PICKER_SECRET_KEY: '' } }))
    .toMatchObject({ code: 1, stderr: 'error: PostgreSQL needs GAME_PICKER_SECRET_KEY or --secret-key-file, the same on every server\n' })
  expect(readdirSync(cwd)).not.toContain('malformed.sqlite')
})
