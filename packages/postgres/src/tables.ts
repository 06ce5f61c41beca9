// The PostgreSQL store's tables, whole, for moving a database between stores (see the core's
// tables.ts). Opening migrates the database like a store does, without loading the catalogue.
import { type DatabaseTables, type IdHighWater, keyOf, TABLES, type TableName, type TableReader, type TableRow } from '@game-picker/core'
import { createDb, type Db, type SqlValue, valuesList } from './db.ts'
import { isConnectionError, toStoreError } from './errors.ts'
import { startUp } from './migrate.ts'
import { EVENT_COLUMNS, GAME_SELECT } from './rows.ts'
import { checkOut, createPool, type PoolLimits } from './pool.ts'
import { describeUrl } from './url.ts'

export async function openPostgresTables(options: PoolLimits & { url: string }): Promise<DatabaseTables> {
  // Copies can be large: statements get a minute, not the request-sized default.
  const limits = { queryTimeoutMs: 60_000, ...options }
  await startUp(options.url, limits).catch((error) => { throw toStoreError(error) })
  const pool = createPool(options.url, limits, () => {})
  const withDb = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    const client = await checkOut(pool).catch((error) => { throw toStoreError(error) })
    let broken: Error | undefined
    try {
      return await fn(createDb(client))
    } catch (error) {
      if (isConnectionError(error)) broken = error as Error
      throw toStoreError(error)
    } finally {
      client.release(broken)
    }
  }
  return {
    label: describeUrl(options.url),
    ...reader((read) => withDb(read)),
    write: (fn) => withDb(async (db) => {
      await db.run('BEGIN')
      try {
        const result = await fn({
          ...reader(async (read) => read(db)),
          insert: async (table, rows) => {
            for (let start = 0; start < rows.length; start += 100) await insertBatch(db, table, rows.slice(start, start + 100))
          },
          raiseIdHighWater: async (marks) => {
            for (const [table, mark] of Object.entries(marks)) {
              if (mark > 0) await db.run(`SELECT setval(pg_get_serial_sequence($1, 'id'), GREATEST($2::bigint,
                (SELECT COALESCE(MAX(id), 0) FROM ${table}), 1))`, [table, mark])
            }
          },
        })
        await db.run('COMMIT')
        return result
      } catch (error) {
        await db.run('ROLLBACK').catch(() => {})
        throw error
      }
    }),
    close: () => pool.end(),
  }
}

/**
 * A table's rows as both stores hold them: games with their counter deltas added, events without
 * the store's own columns. `key` is the table's key (keyOf) as the select names its columns.
 */
export function tableSelect(table: TableName): { select: string; key: string[] } {
  if (table === 'games') return { select: GAME_SELECT, key: ['g.id'] }
  return { select: `SELECT ${table === 'events' ? EVENT_COLUMNS : '*'} FROM ${table}`, key: keyOf(table).split(', ') }
}

function reader(run: <T>(fn: (db: Db) => Promise<T>) => Promise<T>): TableReader {
  return {
    count: (table) => run(async (db) => (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n),
    rows: (table) => run((db) => {
      const { select, key } = tableSelect(table)
      return db.all<TableRow>(`${select} ORDER BY ${key.join(', ')}`)
    }),
    idHighWater: () => run(readIdHighWater),
  }
}

/** Per table, the highest id its identity sequence handed out (sequences are not transactional: as of now). */
export async function readIdHighWater(db: Db): Promise<IdHighWater> {
  // An identity column's sequence: last_value is null until it handed out its first id.
  return Object.fromEntries(
    (await db.all<{ name: string; last: number | null }>(
      `SELECT replace(sequencename, '_id_seq', '') AS name, last_value AS last FROM pg_sequences
       WHERE schemaname = current_schema()`))
      .filter((row) => (TABLES as readonly string[]).includes(row.name))
      .map((row) => [row.name as TableName, row.last ?? 0]))
}

async function insertBatch(db: Db, table: TableName, rows: readonly TableRow[]): Promise<void> {
  if (rows.length === 0) return
  const columns = Object.keys(rows[0])
  await db.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${valuesList(rows.length, columns.length)}`,
    rows.flatMap((row) => columns.map((column) => row[column] as SqlValue)))
}
