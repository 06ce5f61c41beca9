// A sql.js handle with a prepared-statement cache: the hot path of every read and write.
// Nothing here is journaled; durable-db.ts records what the writer runs.
import type { Database, Statement } from 'sql.js'
import type { SqlValue, SqlWriter } from './sql-types.ts'

const MAX_CACHED = 500
const INSERT = /^\s*(INSERT|REPLACE)\b/i
// Statements that may change what a prepared `SELECT *` returns: SQLite re-prepares it then.
const SCHEMA_CHANGE = /^\s*(CREATE|ALTER|DROP)\b/i

export interface Connection extends SqlWriter {
  /** BEGIN; fn; COMMIT, or ROLLBACK and rethrow. */
  transaction<T>(fn: () => T | Promise<T>): Promise<T>
  /** Runs SQL as it is, outside any savepoint (PRAGMAs that a transaction would refuse). */
  exec(sql: string): void
  close(): void
}

/** Wraps `db`; `configure` runs now (PRAGMAs). */
export function createConnection(db: Database, configure: (conn: Connection) => void): Connection {
  // SQL -> its prepared statement, or null for multi-statement SQL (run through exec).
  const cache = new Map<string, Statement | null>()
  const statement = (sql: string) => {
    let stmt = cache.get(sql)
    if (stmt === undefined) {
      // Callers that build SQL dynamically could grow the cache forever; start over instead.
      if (cache.size >= MAX_CACHED) freeStatements()
      cache.set(sql, (stmt = countStatements(db, sql) === 1 ? db.prepare(sql) : null))
    }
    return stmt
  }
  const freeStatements = () => {
    for (const stmt of cache.values()) stmt?.free()
    cache.clear()
    columnNames.clear()
  }
  // A statement's column names, asked once: sql.js builds a new string per column per call,
  // which was the largest allocation of a server recording 100 busy rooms. Forgotten when the
  // schema may have changed (migrations).
  const columnNames = new Map<Statement, string[]>()
  const columnsOf = (stmt: Statement) => {
    let names = columnNames.get(stmt)
    if (names === undefined) columnNames.set(stmt, (names = stmt.getColumnNames()))
    return names
  }
  const schemaMayChange = (sql: string) => {
    if (SCHEMA_CHANGE.test(sql)) columnNames.clear()
  }

  function query(sql: string, params: SqlValue[] = [], limit = Infinity): Record<string, SqlValue>[] {
    const stmt = statement(sql)
    if (!stmt) throw new TypeError(`expected a single SQL statement: ${sql}`)
    try {
      stmt.bind(params)
      const rows: Record<string, SqlValue>[] = []
      let columns: string[] | undefined
      while (rows.length < limit && stmt.step()) {
        columns ??= columnsOf(stmt)
        const values = stmt.get()
        const row: Record<string, SqlValue> = {}
        for (let i = 0; i < columns.length; i++) row[columns[i]] = values[i] as SqlValue
        rows.push(row)
      }
      return rows
    } finally {
      stmt.reset() // never leave a statement mid-step: it would hold locks and block COMMIT
    }
  }

  function execute(sql: string, params: SqlValue[] = []): void {
    schemaMayChange(sql)
    const stmt = statement(sql)
    if (stmt) {
      try {
        stmt.bind(params)
        while (stmt.step());
      } finally {
        stmt.reset()
      }
      return
    }
    if (params.length > 0) throw new TypeError(`parameters need a single SQL statement: ${sql}`)
    columnNames.clear() // several statements: any of them may change the schema
    // exec stops at the first failing statement; the savepoint undoes the ones before it, so
    // a failed multi-statement run leaves no trace, like a single statement.
    execute('SAVEPOINT multi_statement')
    try {
      db.exec(sql)
    } catch (error) {
      execute('ROLLBACK TO multi_statement')
      throw error
    } finally {
      execute('RELEASE multi_statement')
    }
  }

  const conn: Connection = {
    run(sql, params) {
      execute(sql, params)
      // sql.js has no API for the rowid; asking costs a statement, so only inserts ask.
      const lastInsertRowid = INSERT.test(sql) ? Number(query('SELECT last_insert_rowid() AS id')[0].id) : 0
      return { changes: db.getRowsModified(), lastInsertRowid }
    },
    all: (sql, params) => query(sql, params) as never,
    get: (sql, params) => query(sql, params, 1)[0] as never,
    async transaction(fn) {
      execute('BEGIN')
      try {
        const result = await fn()
        execute('COMMIT')
        return result
      } catch (error) {
        try { execute('ROLLBACK') } catch { /* SQLite already rolled it back */ }
        throw error
      }
    },
    exec(sql) {
      columnNames.clear()
      db.exec(sql)
    },
    close() {
      freeStatements()
      db.close()
    },
  }
  configure(conn)
  return conn
}

function countStatements(db: Database, sql: string): number {
  let count = 0
  try {
    // Breaking out of the loop frees the iterator's statement; comments and blanks count as none.
    for (const _ of db.iterateStatements(sql)) if (++count > 1) break
  } catch {
    // A statement that cannot be prepared yet (it names a table an earlier one creates) is one
    // more statement: the whole text runs through exec, which reports a real error.
    return 2
  }
  return count
}
