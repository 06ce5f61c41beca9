// init [--empty]: create the database file, with the bundled Jackbox catalogue unless --empty.
// An existing file is left as it is, so scripts may run init every time.
import type { CommandContext } from '../context.ts'
import { describeCreation, MEMORY, openLocalCore } from '../local-core.ts'

export async function initCommand(ctx: CommandContext, _args: [], { empty }: { empty?: boolean }) {
  ctx.assertLocal('init')
  const file = ctx.globals.db
  const { core, created } = await openLocalCore({ file, access: 'write', seed: !empty })
  try {
    const games = (await core.games.list()).length
    const message = created
      ? describeCreation(created)
      : file === MEMORY
        ? 'An in-memory database lasts for one command; nothing to create.'
        : `${file} already exists (${games} games); nothing changed.`
    ctx.output.result({ message, file, created: created !== null, games }, message)
  } finally {
    await core.close()
  }
}
