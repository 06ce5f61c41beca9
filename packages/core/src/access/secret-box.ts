// The key that seals what the server keeps secret (see secrets.ts), and the sealing itself:
// AES-256-GCM, a fresh 12-byte nonce per value, the tag authenticating it. A sealed value is
// text, so it fits the columns that held the secret before: `sealed:v1:` and the base64 of
// nonce, ciphertext and tag.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

export const KEY_FORM = 'The secret key must be 32 bytes in base64'

const PREFIX = 'sealed:v1:'
const NONCE_BYTES = 12
const TAG_BYTES = 16

/** A key as GAME_PICKER_SECRET_KEY and a key file hold it: the base64 of 32 bytes, on one line. */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim()
  const key = Buffer.from(trimmed, 'base64')
  // Buffer.from skips what is not base64; encoding back tells a key from a near miss.
  if (key.length !== 32 || key.toString('base64').replace(/=+$/, '') !== trimmed.replace(/=+$/, '')) {
    throw new SecretKeyFormError()
  }
  return key
}

export class SecretKeyFormError extends Error {
  constructor() {
    super(KEY_FORM)
    this.name = 'SecretKeyFormError'
  }
}

/** A new key, in the form parseSecretKey reads. */
export const newSecretKey = (): string => randomBytes(32).toString('base64')

/** Whether a value has the sealed form (with whatever key), as opposed to an earlier release's plain text. */
export const isSealed = (value: string) => value.startsWith(PREFIX)

export interface SecretBox {
  seal(plain: string): string
  /** The plain text, or null when the value was not sealed with this key (or is not sealed). */
  open(sealed: string): string | null
}

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new SecretKeyFormError()
  return {
    seal(plain) {
      const nonce = randomBytes(NONCE_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64')
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) return null
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64')
      if (bytes.length < NONCE_BYTES + TAG_BYTES) return null
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES))
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
      try {
        return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8')
      } catch {
        return null // another key, or altered
      }
    },
  }
}
