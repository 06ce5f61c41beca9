// Packs: their favor bias, enabling a pack's games at once, and per-pack counts.
import type { CoreContext } from '../common/context.ts'
import { invalidInput, notFound } from '../common/errors.ts'
import { readFavorBias } from './games.ts'
import type { StoreReads } from '../store/store.ts'
import type { FavorBias, Pack, PackMeta } from '../common/types.ts'
import { asFields } from '../common/validate.ts'

async function assertPackExists(tx: StoreReads, name: string): Promise<void> {
  if (!(await tx.getPack(name))) throw notFound('Pack not found')
}

export function createPacks({ store }: CoreContext) {
  return {
    /** Every pack, by name. */
    list: async (): Promise<Pack[]> => [...(await store.read((tx) => tx.listPacks()))],

    /** The packs that have games, by name. */
    meta: (): Promise<PackMeta[]> =>
      store.read(async (tx) => {
        const byName = new Map<string, PackMeta>()
        for (const game of await tx.listGames()) {
          const meta = byName.get(game.pack_name)
            ?? { name: game.pack_name, total_count: 0, enabled_count: 0, total_plays: 0 }
          meta.total_count += 1
          meta.enabled_count += game.enabled
          meta.total_plays += game.play_count
          byName.set(game.pack_name, meta)
        }
        return [...byName.values()].sort((a, b) => compareText(a.name, b.name))
      }),

    setFavor: async (name: string, input: unknown): Promise<FavorBias> => {
      const favorBias = readFavorBias(input)
      return store.transaction(async (tx) => {
        await assertPackExists(tx, name)
        await tx.setPackFavor(name, favorBias)
        return favorBias
      })
    },

    /** Enables or disables every game of the pack; returns how many games it has. */
    setEnabled: async (name: string, input: unknown): Promise<number> => {
      const enabled = asFields(input).enabled
      if (typeof enabled !== 'boolean') throw invalidInput('enabled status required')
      return store.transaction(async (tx) => {
        await assertPackExists(tx, name)
        return tx.setPackEnabled(name, enabled ? 1 : 0)
      })
    },
  }
}

/** The byte order SQLite's default collation uses, so JS sorts agree with ORDER BY. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
