// A thin query helper over one connection: rows in, rows out. In a transaction, statements
// whose answer nobody waits for (BEGIN, locks, inserts that return nothing) are held back and
// sent with the next statement that is awaited, in one round trip (see createBatchDb).
import { DomainError } from '@game-picker/core'
import pg from 'pg'

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

export interface BatchDb extends Db {
  /** Queues a statement to go with the next round trip; its errors surface there. */
  defer(sql: string, params?: SqlValue[]): void
  /** Sends what is queued followed by `tail` (e.g. COMMIT); resolves with the tail's results. */
  finish(tail: string): Promise<pg.QueryResult[]>
  /** Sends what is queued now (large imports, so one text stays bounded). */
  flush(): Promise<void>
  /** True once anything was sent or queued (the transaction has begun). */
  readonly begun: boolean
}

/**
 * A transaction on one connection that begins with `begin` (sent with the first statement).
 * Queued statements travel with the next one as one simple-protocol text, their values written
 * as literals (quoted by the driver's own escaping); an awaited statement alone keeps its
 * parameters.
 */
export function createBatchDb(client: pg.ClientBase, begin: string): BatchDb {
  const queued: string[] = []
  let begun = false
  let previous: Promise<unknown> = Promise.resolve()
  const send = (run: () => Promise<pg.QueryResult | pg.QueryResult[]>) => {
    const result = previous.then(run)
    previous = result.catch(() => {})
    return result
  }
  const start = () => {
    if (!begun) queued.push(begin)
    begun = true
  }
  const query = async (sql: string, params: SqlValue[] = []): Promise<pg.QueryResult> => {
    start()
    const batch = queued.splice(0)
    if (batch.length === 0) return send(() => client.query(sql, params)) as Promise<pg.QueryResult>
    const text = [...batch, inline(client, sql, params)].join(';\n')
    const results = [await send(() => client.query(text))].flat()
    return results[results.length - 1]
  }
  return {
    all: async <T>(sql: string, params?: SqlValue[]) => (await query(sql, params)).rows as T[],
    get: async <T>(sql: string, params?: SqlValue[]) => ((await query(sql, params)).rows[0] as T | undefined) ?? null,
    run: async (sql, params) => (await query(sql, params)).rowCount ?? 0,
    defer(sql, params = []) {
      start()
      queued.push(inline(client, sql, params))
    },
    async finish(tail) {
      if (!begun) return []
      const text = [...queued.splice(0), tail].join(';\n')
      return [await send(() => client.query(text))].flat()
    },
    async flush() {
      if (queued.length > 0) await send(() => client.query(queued.splice(0).join(';\n')))
    },
    get begun() { return begun },
  }
}

/** `sql` with `$n` replaced by the values as SQL literals. */
export function inline(client: pg.ClientBase, sql: string, params: SqlValue[]): string {
  if (params.length === 0) return sql
  return sql.replace(/\$(\d+)/g, (_, n: string) => literal(client, params[Number(n) - 1]))
}

function literal(client: pg.ClientBase, value: SqlValue | undefined): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`)
    return `(${value})`
  }
  // A NUL would end the statement's text on the wire; PostgreSQL text cannot hold it anyway.
  if (value.includes('\u0000')) throw new DomainError('INVALID_INPUT', 'Text must not contain the NUL character (\\u0000)')
  return client.escapeLiteral(value)
}
