// Whole tables, exactly as stored (ids included), for moving a database from one store to
// another (`game-picker db copy`). Both stores have these tables with the same columns. The
// domain never uses this: it goes through the Store port.

/** Every table, parents before the tables that reference them. */
export const TABLES = [
  'packs', 'games', 'sessions', 'session_games', 'chat_messages', 'votes', 'webhooks', 'webhook_logs',
  'webhook_deliveries', 'events', 'login_failures', 'monitor_leases', 'settings',
  'polls', 'poll_candidates', 'poll_votes', 'api_tokens', 'audit_log', 'chat_connectors', 'chat_seen_messages',
  'rooms',
] as const
export type TableName = (typeof TABLES)[number]
export type TableRow = Record<string, string | number | null>
/** Per table with an id: the highest id it has handed out (deleted rows included). */
export type IdHighWater = Partial<Record<TableName, number>>

export interface TableReader {
  count(table: TableName): Promise<number>
  /** Every row, ordered by the table's key. */
  rows(table: TableName): Promise<TableRow[]>
  idHighWater(): Promise<IdHighWater>
}

export interface TableWriter extends TableReader {
  /** Inserts rows as they are; the store's triggers run (counters follow the rows inserted). */
  insert(table: TableName, rows: readonly TableRow[]): Promise<void>
  /** No id at or below the mark is handed out again. */
  raiseIdHighWater(marks: IdHighWater): Promise<void>
}

export interface DatabaseTables extends TableReader {
  /** How to name the database to a person (a file, or a URL without its password). */
  readonly label: string
  /** One transaction: all of `fn`'s writes, or none when it throws. */
  write<T>(fn: (writer: TableWriter) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** The table's key, for ordering rows. */
export const keyOf = (table: TableName) =>
  table === 'settings' ? 'key' : table === 'monitor_leases' || table === 'rooms' ? 'session_game_id'
    : table === 'chat_connectors' ? 'platform'
    : table === 'poll_candidates' ? 'poll_id, number' : 'id'
