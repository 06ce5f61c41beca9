// A real listening API server on a free port, plus a tiny HTTP client. The store is the one the
// run is about (test/helpers/postgres.ts): sqlite, or a PostgreSQL database of the test's own.
import { type BackupSchedule, createCore, type Core, type Store } from '@game-picker/core'
import { createBackups, createSqliteStore, writeBackupFile } from '@game-picker/sqlite'
import { type RunningServer, startServer, type ServerOptions } from '@game-picker/http'
import { afterAll } from 'vitest'
import { createPostgresStore } from '@game-picker/postgres'
import { type AdapterConfig, createAdapters } from '../../packages/cli/src/adapters.ts'
import { createTestDatabase, databaseFor, TEST_STORE } from './postgres.ts'
import { TEST_SECRET_KEY } from './secret-key.ts'

export const ADMIN_KEY = 'test-admin-key'

export interface TestServer {
  url: string
  core: Core
  server: RunningServer
  /** Stops the server and closes the store. */
  stop(): Promise<void>
}

/** A store on `file` (the same file, the same PostgreSQL database); none = a fresh, empty one. */
export async function openTestStore(file?: string): Promise<Store> {
  if (TEST_STORE === 'sqlite') return createSqliteStore({ file })
  const url = file === undefined ? await createTestDatabase() : await databaseFor(file)
  return createPostgresStore({ url, log: () => {}, holdCaches: true, backupFile: writeBackupFile })
}

/**
 * `count` stores on one database, as separate servers have: on PostgreSQL each its own pool
 * (its own instance), on sqlite the one store (a file has one writer). Closes them after the file.
 */
export async function openSharedStores(count: number): Promise<Store[]> {
  if (TEST_STORE === 'sqlite') {
    const store = await createSqliteStore()
    afterAll(() => store.close())
    return Array.from({ length: count }, () => store)
  }
  const url = await createTestDatabase()
  const stores = await Promise.all(Array.from({ length: count }, () => createPostgresStore({ url, log: () => {}, holdCaches: true })))
  afterAll(() => Promise.all(stores.map((store) => store.close())))
  return stores
}

/** No test reaches the outside: unless a test names its fake, each system is a closed local port. */
export const NO_OUTSIDE: AdapterConfig = {
  twitch: { url: 'ws://127.0.0.1:9' }, discord: { apiUrl: 'http://127.0.0.1:9' }, youtube: { apiUrl: 'http://127.0.0.1:9' }, ecastUrl: 'http://127.0.0.1:9',
}

/** The test servers' composition root: a core on `store` wired with the CLI's adapters, on the fakes named. */
export function createTestCore(store: Store, outside: AdapterConfig = {}, options: { instanceId?: string; now?: () => Date } = {}): Core {
  return createCore({ secretKey: TEST_SECRET_KEY, store, ...options, ...createAdapters({ ...NO_OUTSIDE, ...outside }) })
}

export async function startTestServer(
  options: { file?: string; chat?: AdapterConfig; ecastUrl?: string; backups?: BackupSchedule; now?: () => Date }
    & Partial<Omit<ServerOptions, 'core' | 'backups'>> = {},
): Promise<TestServer> {
  const { file, chat, ecastUrl, backups, now, ...serverOptions } = options
  const core = createTestCore(await openTestStore(file), { ...chat, ...(ecastUrl && { ecastUrl }) }, { now })
  const server = await startServer({
    adminKey: ADMIN_KEY, log: () => {}, ...serverOptions, core, port: 0,
    backups: backups && createBackups(core.store, { schedule: backups, log: () => {} }),
  })
  return { url: server.url, core, server, stop: async () => { await server.close(); await core.close() } }
}

export interface CallResult<T = any> {
  status: number
  body: T
  headers: Headers
  text: string
}

/**
 * One request; `body` objects are sent as JSON, strings as they are. The response must be one
 * the OpenAPI document describes (status, content type, body schema, required headers).
 */
export async function call<T = any>(
  url: string, method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let body: string | undefined
  if (options.body !== undefined && method !== 'GET' && method !== 'HEAD') {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    headers['content-type'] ??= 'application/json'
  }
  const response = await fetch(url + path, { method, headers, body })
  const text = await response.text()
  let parsed: unknown = text
  try { parsed = JSON.parse(text) } catch { /* not JSON: keep the text */ }
  const { checkResponse } = await import('./openapi-check.ts') // ajv and the document, once, on the first call
  await checkResponse({ method, path, status: response.status, headers: response.headers, body: parsed })
  return { status: response.status, body: parsed as T, headers: response.headers, text }
}

export async function login(url: string, key = ADMIN_KEY): Promise<string> {
  const { status, body } = await call(url, 'POST', '/api/auth/login', { body: { key } })
  if (status !== 200) throw new Error(`login failed: ${status} ${JSON.stringify(body)}`)
  return body.token
}

/** Two `POST /api/backups` at once: one starts a backup, the other comes while it runs. */
export async function postTwoBackups(url: string, token: string): Promise<{ started: CallResult; refused: CallResult }> {
  const [first, second] = await Promise.all([
    call(url, 'POST', '/api/backups', { token }),
    call(url, 'POST', '/api/backups', { token }),
  ])
  return first.status === 202 ? { started: first, refused: second } : { started: second, refused: first }
}
