// db reset-secrets: for a database whose secrets were sealed with a key that is lost (a backup
// restored without its key). Every kept secret is dropped and the database is sealed anew with
// the key this command is given (or a new key file): the chat connectors are removed, each
// webhook waits disabled for a new secret, and the token-signing secret is renewed.
import type { CommandContext } from '../context.ts'
import { UsageError } from '../cli-errors.ts'
import { MEMORY, openLocalCore } from '../local-core.ts'
import { keySourceOf } from '../secret-key.ts'

export async function dbResetSecretsCommand(ctx: CommandContext) {
  ctx.assertLocal('db reset-secrets')
  const { db, secretKeyFile } = ctx.globals
  if (db === MEMORY) throw new UsageError('db reset-secrets needs a database file or a postgres:// URL, not :memory:.')
  const { core, label } = await openLocalCore({ file: db, secretKeyFile, access: 'write', seed: false, resealing: true })
  try {
    const { connectors, webhooks } = await core.secrets.reset()
    const keyFrom = keySourceOf(db, { file: secretKeyFile, value: process.env.GAME_PICKER_SECRET_KEY })
    const lines = [
      `Reset the secrets of ${label}; they are sealed with the key in ${keyFrom} now.`,
      connectors.length > 0 ? `Removed the chat connectors: ${connectors.join(', ')} (start them again with their token or key).` : 'There were no chat connectors.',
      webhooks.length > 0
        ? `Disabled ${webhooks.length === 1 ? 'webhook' : 'webhooks'} ${webhooks.join(', ')} until a new secret is set (webhooks edit ID --secret ..., or PATCH /api/webhooks/ID).`
        : 'There were no webhooks.',
      'Renewed the token-signing secret: tokens signed before no longer work; log in again.',
    ]
    ctx.output.result({ message: lines[0], connectors_removed: connectors, webhooks_disabled: webhooks, signing_secret_renewed: true }, lines.join('\n'))
  } finally {
    await core.close()
  }
}
