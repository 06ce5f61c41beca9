// The one place that opens a database file for the CLI. A file that does not exist yet is
// created by whichever command opens it first, with the bundled Jackbox catalogue unless
// `seed` is false (init/serve --empty), so a first `pick --players 6` works with no set-up.
import { existsSync } from 'node:fs'
import { type Core, createCore } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/core/sqlite'
import type { Access } from './backend.ts'

export const MEMORY = ':memory:'

export interface OpenedCore {
  core: Core
  /** Set when this open created the file; `seededGames` is how many catalogue games it got. */
  created: { file: string; seededGames: number } | null
}

export interface OpenLocalCoreOptions {
  file: string
  access: Access
  /** Seed a newly created file with the bundled catalogue (default true). `:memory:` is never seeded. */
  seed?: boolean
}

export async function openLocalCore({ file, access, seed = true }: OpenLocalCoreOptions): Promise<OpenedCore> {
  if (file === MEMORY) return { core: createCore({ store: await createSqliteStore() }), created: null }
  const isNew = !existsSync(file)
  // Read-only commands read beside a running server without its lock; creating needs the lock.
  const store = await createSqliteStore({ file, readOnly: access === 'read' && !isNew })
  const core = createCore({ store })
  if (!isNew) return { core, created: null }
  try {
    const seededGames = seed ? (await core.importBuiltin()).count : 0
    return { core, created: { file, seededGames } }
  } catch (error) {
    await core.close()
    throw error
  }
}

export function describeCreation({ file, seededGames }: NonNullable<OpenedCore['created']>): string {
  return seededGames > 0
    ? `Created ${file} with the bundled Jackbox catalogue (${seededGames} games).`
    : `Created ${file} (empty).`
}
