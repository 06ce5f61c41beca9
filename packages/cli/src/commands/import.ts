// import games FILE.csv [--mode append|replace] [--yes] | import games --builtin jackbox.
// A replace deletes the games not in the file, so it is confirmed first: a prompt on a
// terminal, --yes otherwise.
import { type ImportMode, readBuiltinCatalogue } from '@game-picker/core'
import type { Backend } from '../backend.ts'
import { UsageError } from '../cli-errors.ts'
import type { CommandContext } from '../context.ts'
import { readTextFile } from '../files.ts'
import { createProgress, describeSize } from '../progress.ts'

export interface ImportOptions {
  mode: ImportMode
  yes?: boolean
  builtin?: string
}

/** True to go ahead. */
async function confirmReplace(ctx: CommandContext, backend: Backend, csvData: string, yes: boolean): Promise<boolean> {
  if (yes) return true
  const plan = await backend.catalogue.planCsv({ csvData, mode: 'replace' })
  const consequence = `${plan.toDelete} games not in the file would be deleted, with their play history and votes`
  if (!ctx.interactive) throw new UsageError(`Replace: ${consequence}. Pass --yes to confirm.`)
  const { askConfirm } = await import('../prompts.ts')
  return askConfirm(`Import ${plan.count} games and replace the catalogue? ${consequence}.`, false)
}

export async function importGamesCommand(ctx: CommandContext, [file]: [string?], options: ImportOptions) {
  if ((file === undefined) === (options.builtin === undefined)) {
    throw new UsageError('Pass either a CSV file or --builtin jackbox.')
  }
  const csvData = options.builtin === undefined ? await readTextFile(file!) : readBuiltinCatalogue(options.builtin)
  const backend = await ctx.backend('write')
  if (options.mode === 'replace' && !(await confirmReplace(ctx, backend, csvData, Boolean(options.yes)))) {
    return ctx.output.result({ message: 'Import cancelled' }, 'Cancelled; nothing changed.')
  }
  const progress = createProgress(ctx.output, 'Importing games')
  progress.phase(`Importing ${file ?? `the ${options.builtin} catalogue`} (${describeSize(csvData)})...`)
  try {
    const result = await backend.catalogue.importCsv({ csvData, mode: options.mode })
    progress.done()
    ctx.output.result(result, `${result.message} (${result.mode}).`)
  } finally {
    progress.done()
  }
}
