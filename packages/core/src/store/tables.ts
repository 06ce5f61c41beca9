// Whole tables, exactly as stored (ids included), for moving a database from one store to
// another (`game-picker db copy`). Both stores have these tables with the same columns. The
// domain never uses this: it goes through the Store port.

/** Every table, parents before the tables that reference them. */
export const TABLES = [
  'packs', 'games', 'sessions', 'session_games', 'chat_messages', 'votes', 'webhooks', 'webhook_logs',
  'webhook_deliveries', 'events', 'login_failures', 'monitor_leases', 'settings',
  'polls', 'poll_candidates', 'poll_votes', 'api_tokens', 'audit_log', 'chat_connectors', 'chat_seen_messages',
  'rooms', 'queues', 'queue_entries',
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
    : table === 'queues' ? 'session_id'
    : table === 'chat_connectors' ? 'platform'
    : table === 'poll_candidates' ? 'poll_id, number' : 'id'

/**
 * A game's play_count, upvotes, downvotes and popularity_score are kept by triggers on the
 * session_games and votes rows, and a poll candidate's votes by triggers on poll_votes. Copied as
 * they are, then counted again as those rows arrive, they would double; so a copy writes them as
 * 0 and the triggers count the copied rows (the copy then checks they equal the source's).
 */
export function withCountersZeroed(table: TableName, rows: readonly TableRow[]): readonly TableRow[] {
  if (table === 'games') return rows.map((game) => ({ ...game, play_count: 0, popularity_score: 0, upvotes: 0, downvotes: 0 }))
  if (table === 'poll_candidates') return rows.map((candidate) => ({ ...candidate, votes: 0 }))
  return rows
}

/** The columns `withCountersZeroed` clears, which the copy's triggers must count back to the source's values. */
export const COUNTED_COLUMNS: Partial<Record<TableName, readonly string[]>> = {
  games: ['play_count', 'popularity_score', 'upvotes', 'downvotes'],
  poll_candidates: ['votes'],
}

/**
 * One consistent view of every table (a single snapshot), read a page at a time so a table of
 * millions of rows never sits in memory: what a backup of a PostgreSQL database reads.
 */
export interface TableSnapshot {
  /** How to name the database to a person (a URL without its password). */
  readonly label: string
  idHighWater(): Promise<IdHighWater>
  /** The table's rows ordered by its key, at most `size` at a time. */
  pages(table: TableName, size: number): AsyncIterable<TableRow[]>
  /** Every table is read: the snapshot ends now, not after the file's checks (it holds the database's vacuum back). */
  finished(): Promise<void>
}

/**
 * Writes a snapshot into a new database file `target` (which must not exist) that `serve --db`
 * opens: the sqlite store's. Rejects with CONFLICT when `target` exists.
 */
export type SnapshotFileWriter = (snapshot: TableSnapshot, target: string) => Promise<{ bytes: number }>
