// Values read from a group of tables, kept across transactions until a write touches the
// group. Reads and writes are serialized, so a version per group is enough: a write bumps it
// (even if its transaction later rolls back: re-reading is always safe), and a transaction
// that touched a group neither serves nor stores that group's values, since what it sees is
// not committed yet.

export type TableGroup = 'catalogue' | 'sessions' | 'webhooks'

export interface TransactionCache {
  /** This transaction wrote to (or, through triggers and cascades, changed) these groups. */
  touch(...groups: TableGroup[]): void
  get<T>(group: TableGroup, key: string, query: () => T): T
}

export function createTableCache() {
  const versions: Record<TableGroup, number> = { catalogue: 0, sessions: 0, webhooks: 0 }
  const entries = new Map<string, { version: number; value: unknown }>()

  return {
    forTransaction(): TransactionCache {
      const touched = new Set<TableGroup>()
      return {
        touch(...groups) {
          for (const group of groups) {
            touched.add(group)
            versions[group] += 1
          }
        },
        get<T>(group: TableGroup, key: string, query: () => T): T {
          if (touched.has(group)) return query()
          const entry = entries.get(key)
          if (entry?.version === versions[group]) return entry.value as T
          const value = query()
          entries.set(key, { version: versions[group], value })
          return value
        },
      }
    },
  }
}
