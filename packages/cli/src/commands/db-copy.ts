// db copy --from SRC --to DST: moves a whole database between a file and PostgreSQL (either
// way, or file to file, database to database) into an empty target, ids and all.
import type { CommandContext } from '../context.ts'
import { UsageError } from '../cli-errors.ts'
import { copyTables } from '../copy-tables.ts'
import { openTables } from '../db-tables.ts'

export async function dbCopyCommand(ctx: CommandContext, _args: [], { from, to }: { from: string; to: string }) {
  ctx.assertLocal('db copy')
  if (from === to) throw new UsageError('--from and --to name the same database.')
  const source = await openTables(from, 'read')
  try {
    const target = await openTables(to, 'write')
    try {
      const tables = await copyTables(source, target)
      const total = Object.values(tables).reduce((sum, count) => sum + count, 0)
      const message = `Copied ${source.label} to ${target.label}: ${total} rows in ${Object.keys(tables).length} tables, each checked against the source.`
      const width = Math.max(...Object.keys(tables).map((table) => table.length))
      const lines = Object.entries(tables).map(([table, count]) => `  ${table.padEnd(width)}  ${String(count).padStart(7)}`)
      ctx.output.result({ message, from: source.label, to: target.label, tables }, [message, ...lines].join('\n'))
    } finally {
      await target.close()
    }
  } finally {
    await source.close()
  }
}
