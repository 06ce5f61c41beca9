// The catalogue (games and packs) is read whole by every pick, list and stats request, and
// changes rarely. It is kept in memory and checked, once per read, against the catalogue
// version: triggers bump it in the transaction of every change (see schema-triggers.ts), so
// once a write on any instance is acknowledged, every instance's next read sees a new version
// and loads again. Re-loading is always safe; serving data older than the version never is.
// Unchanged, the same arrays are handed out, which lets the core memoize on their identity.
import type { Game, Pack } from '@game-picker/core'
import type { Db } from './db.ts'

interface Slot {
  version: number
  games?: Promise<readonly Game[]>
  packs?: Promise<readonly Pack[]>
}

export interface CatalogueReads {
  listGames(): Promise<readonly Game[]>
  listPacks(): Promise<readonly Pack[]>
}

export const loadGames = (db: Db) => db.all<Game>('SELECT * FROM games ORDER BY pack_name, title')
export const loadPacks = (db: Db) => db.all<Pack>('SELECT * FROM packs ORDER BY name')

export function createCatalogueCache() {
  let slot: Slot = { version: -1 }

  return {
    /** The catalogue for one read on `db`; the version is asked at most once, on first use. */
    forRead(db: Db): CatalogueReads {
      let version: Promise<number> | undefined
      const currentVersion = () => (version ??= db
        .get<{ version: number }>("SELECT version FROM cache_versions WHERE name = 'catalogue'")
        .then((row) => row?.version ?? 0))

      async function cached<K extends 'games' | 'packs'>(key: K, load: () => NonNullable<Slot[K]>): Promise<Awaited<NonNullable<Slot[K]>>> {
        const seen = await currentVersion()
        if (seen > slot.version) slot = { version: seen }
        // A read that saw an older version than the cache holds loads for itself.
        if (seen < slot.version) return load() as never
        const target = slot
        const pending = (target[key] ??= load())
        try {
          return (await pending) as never
        } catch (error) {
          if (target[key] === pending) target[key] = undefined
          throw error
        }
      }

      return {
        listGames: () => cached('games', () => loadGames(db)),
        listPacks: () => cached('packs', () => loadPacks(db)),
      }
    },
  }
}
