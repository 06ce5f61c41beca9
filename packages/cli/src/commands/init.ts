// init [--empty]: create the database, with the bundled Jackbox catalogue unless --empty.
// An existing one is left as it is, so scripts may run init every time.
import type { CommandContext } from '../context.ts'
import { describeCreation, MEMORY, openLocalCore } from '../local-core.ts'

export async function initCommand(ctx: CommandContext, _args: [], { empty }: { empty?: boolean }) {
  ctx.assertLocal('init')
  const { core, label, created } = await openLocalCore({ file: ctx.globals.db, secretKeyFile: ctx.globals.secretKeyFile, access: 'write', seed: !empty })
  try {
    const games = (await core.games.list()).length
    const message = created
      ? describeCreation(created)
      : ctx.globals.db === MEMORY
        ? 'An in-memory database lasts for one command; nothing to create.'
        : `${label} already exists (${games} games); nothing changed.`
    ctx.output.result({ message, file: label, created: created !== null, games }, message)
  } finally {
    await core.close()
  }
}
