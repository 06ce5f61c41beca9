// A thin query helper over one connection: rows in, rows out.
import type pg from 'pg'

export type SqlValue = string | number | null
export type Row = Record<string, unknown>

export interface Db {
  all<T = Row>(sql: string, params?: SqlValue[]): Promise<T[]>
  /** The first row, or null. */
  get<T = Row>(sql: string, params?: SqlValue[]): Promise<T | null>
  /** Runs a statement; resolves with the number of rows it changed. */
  run(sql: string, params?: SqlValue[]): Promise<number>
}

export function createDb(client: pg.ClientBase): Db {
  // One statement at a time on a connection, even when the core asks for several at once.
  let previous: Promise<unknown> = Promise.resolve()
  const query = (sql: string, params: SqlValue[] = []) => {
    const result = previous.then(() => client.query(sql, params))
    previous = result.catch(() => {})
    return result
  }
  return {
    all: async <T>(sql: string, params?: SqlValue[]) => (await query(sql, params)).rows as T[],
    get: async <T>(sql: string, params?: SqlValue[]) => ((await query(sql, params)).rows[0] as T | undefined) ?? null,
    run: async (sql, params) => (await query(sql, params)).rowCount ?? 0,
  }
}

/** `a = $3, b = $4` and its values for the defined keys of a patch, numbered from `first`. */
export function setClause(patch: Record<string, unknown>, first = 1): { sql: string; values: SqlValue[] } {
  const keys = Object.keys(patch).filter((key) => patch[key] !== undefined)
  return {
    sql: keys.map((key, i) => `${key} = $${first + i}`).join(', '),
    values: keys.map((key) => patch[key] as SqlValue),
  }
}

/** `($1, $2), ($3, $4)` for `rows` tuples of `columns` values. */
export function valuesList(rows: number, columns: number): string {
  const tuples: string[] = []
  for (let row = 0; row < rows; row++) {
    const start = row * columns
    tuples.push(`(${Array.from({ length: columns }, (_, i) => `$${start + i + 1}`).join(', ')})`)
  }
  return tuples.join(', ')
}
