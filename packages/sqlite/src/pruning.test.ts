// Pruning finds a batch through the time index of each log, never by reading the whole log, and
// a file of schema version 3 gets the webhook logs' index when it opens.
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { tempDir } from '../../../test/helpers/tmp-dir.ts'
import { openSqlDatabase } from './durable-db.ts'
import { PRUNE_EVENTS, PRUNED_LOGS, pruneLogSql } from './pruning.ts'
import { migrations } from './schema.ts'

const plan = (sql: string, params: (string | number)[]) =>
  async (db: Awaited<ReturnType<typeof openSqlDatabase>>) =>
    (await db.read((r) => r.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params))).map((row) => row.detail)

const CASES: [table: string, sql: string, params: (string | number)[], index: string, time: string][] = [
  ['events', PRUNE_EVENTS, ['2026-01-01', 5, 1000], 'events_by_time', 'created_at'],
  ...Object.values(PRUNED_LOGS).map((log): [string, string, (string | number)[], string, string] =>
    [log.table, pruneLogSql(log), ['2026-01-01', 1000], `${log.table}_by_time`, log.time]),
]

test.each(CASES)('a batch of %s is found through its time index', async (table, sql, params, index, time) => {
  const db = await openSqlDatabase({ migrations })
  try {
    const details = await plan(sql, params)(db)
    expect(details.some((detail) => new RegExp(`^SEARCH ${table} USING (COVERING )?INDEX ${index} \\(${time}<\\?\\)`).test(detail))).toBe(true)
    // The only full scan allowed is none: every access to the table is a search.
    expect(details.filter((detail) => new RegExp(`^SCAN ${table}\\b`).test(detail))).toEqual([])
  } finally {
    await db.close()
  }
})

test('a version 3 file gets the webhook logs time index when it opens', async () => {
  const file = join(tempDir(), 'v3.sqlite')
  const v3 = await openSqlDatabase({ file, migrations: migrations.slice(0, 3) })
  await v3.close()
  const db = await openSqlDatabase({ file, migrations })
  try {
    const indexes = await db.read((r) => r.all<{ name: string }>("SELECT name FROM pragma_index_list('webhook_logs')"))
    expect(indexes.map((row) => row.name)).toContain('webhook_logs_by_time')
    expect(await db.read((r) => r.get<{ user_version: number }>('PRAGMA user_version'))).toEqual({ user_version: migrations.length })
  } finally {
    await db.close()
  }
})
