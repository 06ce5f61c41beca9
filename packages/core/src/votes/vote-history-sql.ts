// The WHERE of a vote history page, shared by the stores (placeholders `?`; PostgreSQL numbers
// them). Every condition is an equality or `id <`, so an index on (column, id) serves the page.
import type { VoteFilter } from '../store/store.ts'

export function voteHistoryWhere(filter: VoteFilter, beforeId: number | null, placeholder = (_: number) => '?') {
  const conditions: string[] = []
  const values: (string | number)[] = []
  const add = (sql: (p: string) => string, value: string | number) => {
    values.push(value)
    conditions.push(sql(placeholder(values.length)))
  }
  add((p) => `id < ${p}`, beforeId ?? Number.MAX_SAFE_INTEGER)
  if (filter.sessionId !== null) add((p) => `session_id = ${p}`, filter.sessionId)
  if (filter.gameId !== null) add((p) => `game_id = ${p}`, filter.gameId)
  if (filter.username !== null) add((p) => `username = ${p}`, filter.username)
  if (filter.type !== null) add((p) => `type = ${p}`, filter.type)
  return { where: conditions.join(' AND '), values }
}
