// admin-key [--rotate]: the stored admin key is only ever shown when it is created, so the
// only thing to do with it is replace it.
import type { CommandContext } from '../context.ts'
import { openLocalCore } from '../local-core.ts'

export const SHOWN_ONCE = 'Admin key (shown once, store it now):'

export async function adminKeyCommand(ctx: CommandContext, _args: [], { rotate }: { rotate?: boolean }) {
  ctx.assertLocal('admin-key')
  if (!rotate) {
    return ctx.output.result(
      { message: 'The admin key is shown only when it is created; use --rotate to replace it' },
      [
        'The admin key is shown only once, when it is created (the database keeps only its hash).',
        'To replace it: game-picker admin-key --rotate (stop the server first; it holds the database).',
        'A key given with --admin-key or ADMIN_KEY to `serve` is used instead of the stored one.',
      ].join('\n'),
    )
  }
  const { core } = await openLocalCore({ file: ctx.globals.db, secretKeyFile: ctx.globals.secretKeyFile, access: 'write' })
  try {
    const key = await core.adminKeys.rotate()
    ctx.output.result({ message: 'Admin key rotated', key }, `${SHOWN_ONCE} ${key}\nThe previous key, and tokens bought with it, no longer work.`)
  } finally {
    await core.close()
  }
}
