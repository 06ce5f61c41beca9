// A database from the release before sealing (the same schema, its secrets in plain text) is
// sealed at its first start with this one, on both stores: afterwards no plain secret is left
// anywhere in its files, not in a page's free space nor in a free page (sqlite), not in a dead
// row version (PostgreSQL), while each secret still works: the webhook signs with its secret,
// the token-signing secret is the one it was, the chat connector reads with its API key.
import { createHmac, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Store } from '@game-picker/core'
import { createPostgresStore } from '@game-picker/postgres'
import { createSqliteStore } from '@game-picker/sqlite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { assertCliBuilt, createTempDir, startServe } from '../helpers/cli.ts'
import { databaseFiles } from '../helpers/database-files.ts'
import { type FakeYouTube, startFakeYouTube } from '../helpers/fake-youtube.ts'
import { databaseFor, TEST_STORE } from '../helpers/postgres.ts'
import { respondWith, startReceiver } from '../helpers/receiver.ts'
import { call, login } from '../helpers/server.ts'
import { until } from '../helpers/until.ts'

const temp = createTempDir()
const cwd = temp.path
const db = 'previous-release.sqlite'
const plain = (what: string) => `plain-${what}-${randomBytes(8).toString('hex')}`
const SIGNING = plain('signing')
const FIRST_WEBHOOK_SECRET = plain('webhook-before-patch')
const WEBHOOK_SECRET = plain('webhook')
const API_KEY = `AIza${plain('youtube')}`
const DELETED = Array.from({ length: 150 }, (_, i) => plain(`deleted-${i}`))
let youtube: FakeYouTube
let liveChatId: string

beforeAll(async () => {
  assertCliBuilt()
  youtube = await startFakeYouTube()
  youtube.addKey(API_KEY)
  liveChatId = youtube.goLive('upgradeLive')
})
afterAll(async () => {
  await youtube.close()
  temp.remove()
})

/** The store alone, as the earlier release wrote it: no key, every secret as it was given. */
async function openWithoutCore(): Promise<Store> {
  if (TEST_STORE === 'sqlite') return createSqliteStore({ file: resolve(cwd, db) })
  return createPostgresStore({ url: await databaseFor(resolve(cwd, db)), log: () => {} })
}

it('the first start seals every secret, leaves no plain copy in the files, and each secret still works', { timeout: 90_000 }, async () => {
  const receiver = await startReceiver(respondWith(200))
  const store = await openWithoutCore()
  await store.transaction(async (tx) => {
    await tx.setSetting('jwt_secret', SIGNING)
    const hook = await tx.insertWebhook({ name: 'bot', url: receiver.url, secret: FIRST_WEBHOOK_SECRET, events: ['session.started'], enabled: true, created_at: new Date().toISOString() })
    await tx.updateWebhook(hook.id, { secret: WEBHOOK_SECRET })
    await tx.insertChatConnector({ platform: 'youtube', channel: 'upgradeLive', state: 'connecting', since: new Date().toISOString(), settings: { live_chat_id: liveChatId, interval_seconds: 5 }, secret: API_KEY })
  })
  // Pages of their own, freed: deleted webhooks leave free pages behind.
  const deleted = await store.transaction(async (tx) => Promise.all(DELETED.map((secret, i) =>
    tx.insertWebhook({ name: `old ${i}`, url: receiver.url, secret, events: ['game.added'], enabled: false, created_at: new Date().toISOString() }))))
  await store.transaction(async (tx) => { for (const hook of deleted) await tx.deleteWebhook(hook.id) })
  await store.close()
  expect((await scanFor([SIGNING, WEBHOOK_SECRET, API_KEY, DELETED[0]])).length).toBeGreaterThan(0) // the plain text was there

  const server = await startServe(['--db', db, '--admin-key', 'upgrade-admin'], { cwd, env: { YOUTUBE_API_URL: youtube.url } })
  try {
    expect(await scanFor([SIGNING, FIRST_WEBHOOK_SECRET, WEBHOOK_SECRET, API_KEY, ...DELETED])).toEqual([])

    // The signing secret is the one it was: the new token is its HMAC.
    const token = await login(server.url, 'upgrade-admin')
    const [header, payload, signature] = token.split('.')
    expect(createHmac('sha256', SIGNING).update(`${header}.${payload}`).digest('base64url')).toBe(signature)
    // The webhook signs with its (patched) secret.
    expect((await call(server.url, 'POST', '/api/sessions', { token, body: {} })).status).toBe(201)
    await receiver.untilRequests(1)
    const [delivery] = receiver.requests
    expect(delivery.headers['x-webhook-signature'])
      .toBe(`sha256=${createHmac('sha256', WEBHOOK_SECRET).update(`${delivery.headers['x-webhook-timestamp']}.${delivery.rawBody}`).digest('hex')}`)
    // The chat reads with its API key.
    await until(async () => (await call(server.url, 'GET', '/api/chat/youtube')).body.state, (state) => state === 'connected', 20_000)
    expect(youtube.calls.filter((made) => made.status === 200).map((made) => made.key)).toContain(API_KEY)
  } finally {
    await server.stop()
  }
  expect(await scanFor([SIGNING, FIRST_WEBHOOK_SECRET, WEBHOOK_SECRET, API_KEY, ...DELETED])).toEqual([])
})

/** Which of `secrets` some file of the database holds, byte for byte. */
async function scanFor(secrets: string[]): Promise<string[]> {
  const contents = (await databaseFiles(db, cwd)).map((file) => readFileSync(file))
  return secrets.filter((secret) => contents.some((bytes) => bytes.includes(secret)))
}
