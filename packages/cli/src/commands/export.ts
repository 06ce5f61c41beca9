// export games [-o FILE]: the catalogue as CSV, to stdout or a file.
import type { CommandContext } from '../context.ts'
import { writeTextFile } from '../files.ts'

export async function exportGamesCommand(ctx: CommandContext, _args: [], options: { output?: string }) {
  const file = await (await ctx.backend('read')).catalogue.exportCsv()
  if (options.output === undefined) return ctx.output.raw(file.body)
  await writeTextFile(options.output, file.body)
  const games = Math.max(0, file.body.trimEnd().split('\n').length - 1)
  ctx.output.note(`Wrote ${games} games to ${options.output}.`)
}
