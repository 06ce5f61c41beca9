// Copies every table of one database into another, empty one, ids included, in one transaction
// on the target, and checks the result against the source before it commits.
import { isDeepStrictEqual } from 'node:util'
import { type DatabaseTables, DomainError, TABLES, type TableName, type TableRow, withCountersZeroed } from '@game-picker/core'
import { CliError } from './cli-errors.ts'

export type CopyCounts = Record<TableName, number>

export async function copyTables(source: DatabaseTables, target: DatabaseTables): Promise<CopyCounts> {
  const filled = (await Promise.all(TABLES.map(async (table) => [table, await target.count(table)] as const)))
    .filter(([, count]) => count > 0)
  if (filled.length > 0) {
    const list = filled.map(([table, count]) => `${table}: ${count}`).join(', ')
    throw new DomainError('CONFLICT', `${target.label} is not empty (${list}); db copy writes only into an empty database.`)
  }
  const marks = await source.idHighWater()
  const rows = new Map<TableName, TableRow[]>()
  for (const table of TABLES) rows.set(table, await source.rows(table))

  return target.write(async (writer) => {
    for (const table of TABLES) {
      // The counters start at 0 and the triggers count the copied rows (withCountersZeroed); the
      // check below proves the result equals the source's counters.
      await writer.insert(table, withCountersZeroed(table, rows.get(table)!))
    }
    await writer.raiseIdHighWater(marks)
    for (const table of TABLES) {
      if (!isDeepStrictEqual(await writer.rows(table), rows.get(table))) {
        throw new CliError(`The copy of ${table} does not match ${source.label}; nothing was written.`)
      }
    }
    const copiedMarks = await writer.idHighWater()
    for (const [table, mark] of Object.entries(marks)) {
      if ((copiedMarks[table as TableName] ?? 0) < mark) {
        throw new CliError(`The id counter of ${table} was not carried over; nothing was written.`)
      }
    }
    return Object.fromEntries(TABLES.map((table) => [table, rows.get(table)!.length])) as CopyCounts
  })
}
