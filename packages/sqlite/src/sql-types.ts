// What the store's SQL code sees of a connection: readers and writers, no sql.js type.
export interface RunResult { changes: number; lastInsertRowid: number }
export type SqlValue = string | number | null
export interface SqlReader {
  all<T = Record<string, SqlValue>>(sql: string, params?: SqlValue[]): T[]
  get<T = Record<string, SqlValue>>(sql: string, params?: SqlValue[]): T | undefined
}
export interface SqlWriter extends SqlReader {
  /** Executes a write statement; it is recorded in the transaction's journal entry. Multi-statement SQL without params is allowed (migrations). */
  run(sql: string, params?: SqlValue[]): RunResult
}
