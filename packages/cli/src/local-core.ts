// The one place that opens a database for the CLI: a file, or a PostgreSQL database named by a
// postgres:// URL (never treated as a file: no file or lock appears for it). A database that
// does not exist yet is created by whichever command opens it first, with the bundled Jackbox
// catalogue unless `seed` is false (init/serve --empty), so a first `pick --players 6` works
// with no set-up.
import { existsSync } from 'node:fs'
import { type Core, createCore as createCoreWith, hasSealedSecrets, type Store, WrongSecretKeyError } from '@game-picker/core'
import { type AdapterConfig, adapterConfigFromEnv, createAdapters } from './adapters.ts'
import { createSqliteStore } from '@game-picker/sqlite'
import type { Access } from './backend.ts'
import { CliError } from './cli-errors.ts'
import { createPostgresBackupProcess } from './postgres-backup-process.ts'
import { configuredSecretKey, createKeyFile, POSTGRES_NEEDS_KEY, readKeyFile } from './secret-key.ts'

export const MEMORY = ':memory:'

export const isPostgresUrl = (db: string) => /^postgres(ql)?:\/\//i.test(db)

export interface OpenedCore {
  core: Core
  /** How to name the database to a person: the file, or the URL without its password. */
  label: string
  /** Set when this open created the database; `seededGames` is how many catalogue games it got. */
  created: { file: string; seededGames: number } | null
  /** With `waitForDatabase`, when PostgreSQL could not be reached yet: resolves once it is set up. */
  ready?: Promise<OpenedCore['created']>
}

export interface OpenLocalCoreOptions {
  file: string
  access: Access
  /** Seed a newly created database with the bundled catalogue (default true). `:memory:` is never seeded. */
  seed?: boolean
  /** PostgreSQL only (serve): open even when the database does not answer yet (calls get 503 until it does). */
  waitForDatabase?: boolean
  /** PostgreSQL only (serve): use the caches without a check per read, kept coherent across instances. */
  holdCaches?: boolean
  /** Where the outside systems are reached (default: from the environment). */
  adapters?: AdapterConfig
  /** A file (serve): make the backups `db backup` asks for while this process holds it. */
  answerBackupRequests?: boolean
  /** --secret-key-file: the key sealing the secrets (else GAME_PICKER_SECRET_KEY, else DB.key). */
  secretKeyFile?: string
  /**
   * `db reset-secrets`: open without checking the key against the database (it is about to
   * seal anew with it), making the key file when there is none.
   */
  resealing?: boolean
}

export async function openLocalCore(options: OpenLocalCoreOptions): Promise<OpenedCore> {
  const { file, access, seed = true, waitForDatabase = false, holdCaches = false, adapters = adapterConfigFromEnv(), answerBackupRequests = false } = options
  const wired = createAdapters(adapters)
  const configuredKey = configuredSecretKey({ file: options.secretKeyFile, value: process.env.GAME_PICKER_SECRET_KEY })
  const createCore = (store: Store, secretKey?: Uint8Array) => createCoreWith({ store, secretKey, ...wired })
  if (file === MEMORY) return { core: createCore(await createSqliteStore(), configuredKey), label: file, created: null }
  // Checked before anything is written, and on every open: a write may seal a secret.
  const unlock = options.resealing || access === 'read' ? async () => {} : unlockOrRefuse
  if (isPostgresUrl(file)) {
    if (!configuredKey) throw new CliError(POSTGRES_NEEDS_KEY)
    return openPostgresCore(file, seed, { waitForDatabase, holdCaches, createCore: (store) => createCore(store, configuredKey), unlock })
  }
  const isNew = !existsSync(file)
  // Read-only commands read beside a running server without its lock; creating needs the lock.
  const store = await createSqliteStore({ file, readOnly: access === 'read' && !isNew, answerBackupRequests })
  let core: Core | undefined
  try {
    core = createCore(store, configuredKey ?? await keyOfFile(file, store, access === 'write' || isNew, options.resealing))
    await unlock(core)
    const seededGames = isNew && seed ? (await core.importBuiltin()).count : 0
    return { core, label: file, created: isNew ? { file, seededGames } : null }
  } catch (error) {
    await (core ?? store).close()
    throw error
  }
}

/**
 * The key file's key. Made when there is none and the database has nothing sealed yet (new, or
 * from an earlier release); a sealed one without its key file is refused before a new key is made.
 * A reader without a key file gets none: it reads no secret.
 */
async function keyOfFile(file: string, store: Store, writes: boolean, resealing = false): Promise<Uint8Array | undefined> {
  const key = readKeyFile(file)
  if (key || !writes) return key ?? undefined
  if (!resealing && await hasSealedSecrets(store)) throw new CliError(new WrongSecretKeyError().message)
  return createKeyFile(file)
}

/** Checks the key against the database (sealing an earlier release's secrets); the wrong key is exit 1. */
async function unlockOrRefuse(core: Core): Promise<void> {
  try {
    await core.secrets.unlock()
  } catch (error) {
    if (error instanceof WrongSecretKeyError) throw new CliError(error.message)
    throw error
  }
}

// Several instances may share the database; the store sets a new one up once, whoever starts first.
async function openPostgresCore(
  url: string, seed: boolean,
  { waitForDatabase, holdCaches, createCore, unlock }: {
    waitForDatabase: boolean; holdCaches: boolean; createCore: (store: Store) => Core; unlock: (core: Core) => Promise<void>
  },
): Promise<OpenedCore> {
  // Imported only for a URL, so commands on a file never load the PostgreSQL client.
  const { createPostgresStore, describeUrl } = await import('@game-picker/postgres')
  let seededGames = 0
  const store = await createPostgresStore({
    url,
    waitForDatabase,
    holdCaches,
    // Its backups (serve --backup-dir, POST /api/backups) are file databases, each made in a
    // child process at idle priority, off the thread that serves requests.
    backup: createPostgresBackupProcess(url),
    onCreate: async (created) => {
      if (seed) seededGames = (await createCore(created).importBuiltin()).count
    },
  })
  const label = describeUrl(url)
  const describe = (created: boolean) => (created ? { file: label, seededGames } : null)
  let settled = false
  void store.ready.then(() => { settled = true })
  await Promise.resolve() // a store that is ready has settled by now
  const core = createCore(store)
  if (settled || !waitForDatabase) {
    await unlock(core).catch(async (error: unknown) => {
      await core.close()
      throw error
    })
    return { core, label, created: describe(store.created) }
  }
  return { core, label, created: null, ready: store.ready.then(async ({ created }) => {
    await unlock(core)
    return describe(created)
  }) }
}

export function describeCreation({ file, seededGames }: NonNullable<OpenedCore['created']>): string {
  return seededGames > 0
    ? `Created ${file} with the bundled Jackbox catalogue (${seededGames} games).`
    : `Created ${file} (empty).`
}
