// The sqlite store's tables, whole (see ../tables.ts).
import { type DatabaseTables, keyOf, TABLES, type TableName, type TableReader, type TableRow } from '@game-picker/core'
import type { SqlReader, SqlValue, SqlWriter } from './durable-db.ts'
import type { FileIO } from './file-io.ts'
import { openDatabase, type SqliteStoreOptions } from './open.ts'

export async function openSqliteTables(options: SqliteStoreOptions & { file: string; io?: FileIO }): Promise<DatabaseTables> {
  const db = await openDatabase(options)
  return {
    label: options.file,
    ...reader((read) => db.read(read)),
    write: (fn) => db.write((writer) => fn({
      ...reader(async (read) => read(writer)),
      insert: async (table, rows) => {
        for (let start = 0; start < rows.length; start += 100) insertBatch(writer, table, rows.slice(start, start + 100))
      },
      raiseIdHighWater: async (marks) => {
        for (const [table, mark] of Object.entries(marks)) {
          // AUTOINCREMENT keeps its high-water mark in sqlite_sequence (a row once the table had one).
          const { changes } = writer.run('UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?', [mark, table])
          if (changes === 0 && mark > 0) writer.run('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)', [table, mark])
        }
      },
    })),
    close: () => db.close(),
  }
}

function reader(run: <T>(fn: (db: SqlReader) => T) => Promise<T>): TableReader {
  return {
    count: (table) => run((db) => db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`)!.n),
    rows: (table) => run((db) => db.all<TableRow>(`SELECT * FROM ${table} ORDER BY ${keyOf(table)}`)),
    idHighWater: () => run((db) => Object.fromEntries(
      db.all<{ name: string; seq: number }>('SELECT name, seq FROM sqlite_sequence')
        .filter((row) => (TABLES as readonly string[]).includes(row.name))
        .map((row) => [row.name as TableName, row.seq]))),
  }
}

function insertBatch(db: SqlWriter, table: TableName, rows: readonly TableRow[]): void {
  if (rows.length === 0) return
  const columns = Object.keys(rows[0])
  const tuple = `(${columns.map(() => '?').join(', ')})`
  db.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`,
    rows.flatMap((row) => columns.map((column) => row[column] as SqlValue)))
}
