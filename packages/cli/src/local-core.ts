// The one place that opens a database for the CLI: a file, or a PostgreSQL database named by a
// postgres:// URL (never treated as a file: no file or lock appears for it). A database that
// does not exist yet is created by whichever command opens it first, with the bundled Jackbox
// catalogue unless `seed` is false (init/serve --empty), so a first `pick --players 6` works
// with no set-up.
import { existsSync } from 'node:fs'
import { type Core, createCore as createCoreWith, type Store } from '@game-picker/core'
import { type AdapterConfig, adapterConfigFromEnv, createAdapters } from './adapters.ts'
import { createSqliteStore, writeBackupFile } from '@game-picker/sqlite'
import type { Access } from './backend.ts'

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
}

export async function openLocalCore(
  { file, access, seed = true, waitForDatabase = false, holdCaches = false, adapters = adapterConfigFromEnv(), answerBackupRequests = false }: OpenLocalCoreOptions,
): Promise<OpenedCore> {
  const wired = createAdapters(adapters)
  const createCore = (options: { store: Store }) => createCoreWith({ ...options, ...wired })
  if (file === MEMORY) return { core: createCore({ store: await createSqliteStore() }), label: file, created: null }
  if (isPostgresUrl(file)) return openPostgresCore(file, seed, { waitForDatabase, holdCaches, createCore })
  const isNew = !existsSync(file)
  // Read-only commands read beside a running server without its lock; creating needs the lock.
  const store = await createSqliteStore({ file, readOnly: access === 'read' && !isNew, answerBackupRequests })
  const core = createCore({ store })
  if (!isNew) return { core, label: file, created: null }
  try {
    const seededGames = seed ? (await core.importBuiltin()).count : 0
    return { core, label: file, created: { file, seededGames } }
  } catch (error) {
    await core.close()
    throw error
  }
}

// Several instances may share the database; the store sets a new one up once, whoever starts first.
async function openPostgresCore(
  url: string, seed: boolean,
  { waitForDatabase, holdCaches, createCore }: { waitForDatabase: boolean; holdCaches: boolean; createCore: (options: { store: Store }) => Core },
): Promise<OpenedCore> {
  // Imported only for a URL, so commands on a file never load the PostgreSQL client.
  const { createPostgresStore, describeUrl } = await import('@game-picker/postgres')
  let seededGames = 0
  const store = await createPostgresStore({
    url,
    waitForDatabase,
    holdCaches,
    // Its backups are file databases (db backup, serve --backup-dir, POST /api/backups).
    backupFile: writeBackupFile,
    onCreate: async (created) => {
      if (seed) seededGames = (await createCore({ store: created }).importBuiltin()).count
    },
  })
  const label = describeUrl(url)
  const describe = (created: boolean) => (created ? { file: label, seededGames } : null)
  let settled = false
  void store.ready.then(() => { settled = true })
  await Promise.resolve() // a store that is ready has settled by now
  if (settled || !waitForDatabase) return { core: createCore({ store }), label, created: describe(store.created) }
  return { core: createCore({ store }), label, created: null, ready: store.ready.then(({ created }) => describe(created)) }
}

export function describeCreation({ file, seededGames }: NonNullable<OpenedCore['created']>): string {
  return seededGames > 0
    ? `Created ${file} with the bundled Jackbox catalogue (${seededGames} games).`
    : `Created ${file} (empty).`
}
