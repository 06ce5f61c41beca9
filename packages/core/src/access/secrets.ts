// Secrets at rest. What the server keeps secret (the token-signing secret, webhook secrets, the
// chat connectors' bot tokens and API keys) is stored sealed (secret-box.ts) under a key kept
// outside the database, so a copy of the database (a backup, a stolen disk, a dump of
// PostgreSQL's tables) holds no key to the house. The admin key and API tokens need none of
// this: only their digests are kept.
//
// The settings row `secret_key_check` holds a value sealed with the key: a database whose check
// does not open with the key it is given was sealed with another one, and is refused before
// anything is read with the wrong key. A database without the check is new, or from a release
// that kept its secrets in plain text: its secrets are sealed then, once, and the store is asked
// to leave no old copy in its free space.
import type { CoreContext } from '../common/context.ts'
import type { Store, StoreTx } from '../store/store.ts'
import { generateSecret, JWT_SECRET } from './generated-secrets.ts'
import { createSecretBox, isSealed, type SecretBox } from './secret-box.ts'

export const SEALED_WITH_ANOTHER_KEY =
  "This database's secrets were sealed with another key: start with that key, or run game-picker db reset-secrets"

const KEY_CHECK = 'secret_key_check'
const CHECK_TEXT = 'game-picker'

/** The database's secrets were sealed with another key than the one given. */
export class WrongSecretKeyError extends Error {
  constructor() {
    super(SEALED_WITH_ANOTHER_KEY)
    this.name = 'WrongSecretKeyError'
  }
}

/** What `reset` dropped. */
export interface SecretsReset {
  /** The platforms whose connectors were removed. */
  connectors: string[]
  /** The webhooks disabled until a new secret is set. */
  webhooks: number[]
}

export type Secrets = ReturnType<typeof createSecrets>

/** Whether the database's secrets are sealed (with some key): a key made now would not open them. */
export async function hasSealedSecrets(store: Store): Promise<boolean> {
  return (await store.read((tx) => tx.getSetting(KEY_CHECK))) !== null
}

export function createSecrets(ctx: CoreContext, key: Uint8Array) {
  const { store } = ctx
  const box = createSecretBox(key)
  let unlocked: Promise<void> | undefined

  /** Checks the key, sealing an earlier release's secrets on the way; resolves once, for every caller. */
  function unlock(): Promise<void> {
    unlocked ??= checkOrSeal().catch((error: unknown) => {
      if (!(error instanceof WrongSecretKeyError)) unlocked = undefined // a database that did not answer: try again
      throw error
    })
    return unlocked
  }

  async function checkOrSeal(): Promise<void> {
    const sealedNow = await store.transaction(async (tx) => {
      await tx.lock(KEY_CHECK) // servers starting together seal once
      const check = await tx.getSetting(KEY_CHECK)
      if (check !== null) {
        if (box.open(check) !== CHECK_TEXT) throw new WrongSecretKeyError()
        return false
      }
      await sealPlainSecrets(tx, box)
      return true
    })
    if (!sealedNow) return
    // The check is written only once the plain text is gone from the free space too: a start
    // that fails in between seals nothing twice (sealed values are left) and scrubs again.
    await store.scrubFreedSpace?.()
    await store.transaction((tx) => tx.setSetting(KEY_CHECK, box.seal(CHECK_TEXT)))
  }

  /** Opens a value this module sealed; one that does not open means the database changed keys under a running server. */
  async function open(sealed: string): Promise<string> {
    await unlock()
    const plain = box.open(sealed)
    if (plain === null) throw new WrongSecretKeyError()
    return plain
  }

  return {
    unlock,
    seal: async (plain: string): Promise<string> => {
      await unlock()
      return box.seal(plain)
    },
    open,
    /**
     * `db reset-secrets`: drops every kept secret and seals anew with this key. The chat
     * connectors are removed, each webhook is disabled until a new secret is set, and the
     * token-signing secret is renewed (tokens signed before no longer verify).
     */
    reset: async (): Promise<SecretsReset> => {
      const dropped = await store.transaction(async (tx) => {
        await tx.lock(KEY_CHECK)
        const connectors = (await tx.listChatConnectors()).map((row) => row.platform)
        for (const platform of connectors) await tx.deleteChatConnector(platform)
        const webhooks = (await tx.listWebhooks()).map((webhook) => webhook.id)
        for (const id of webhooks) await tx.updateWebhook(id, { secret: '', enabled: false })
        await tx.setSetting(JWT_SECRET, box.seal(generateSecret()))
        await tx.setSetting(KEY_CHECK, box.seal(CHECK_TEXT))
        return { connectors, webhooks }
      })
      unlocked = Promise.resolve()
      await store.scrubFreedSpace?.() // what was dropped may have been plain text (an earlier release)
      return dropped
    },
  }
}

/**
 * An earlier release's secrets, in plain text until now; values sealed already (by a start that
 * stopped before writing the check) are left, and one sealed with another key is refused. An
 * empty webhook secret is none (db reset-secrets).
 */
async function sealPlainSecrets(tx: StoreTx, box: SecretBox): Promise<void> {
  const sealed = (value: string) => {
    if (!isSealed(value)) return box.seal(value)
    if (box.open(value) === null) throw new WrongSecretKeyError()
    return value
  }
  const signing = await tx.getSetting(JWT_SECRET)
  if (signing !== null) await tx.setSetting(JWT_SECRET, sealed(signing))
  for (const webhook of await tx.listWebhooks()) {
    if (webhook.secret !== '') await tx.updateWebhook(webhook.id, { secret: sealed(webhook.secret) })
  }
  for (const connector of await tx.listChatConnectors()) {
    if (connector.secret !== null) await tx.setChatConnectorSecret(connector.platform, sealed(connector.secret))
  }
}
