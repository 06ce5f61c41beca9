// Where the key that seals the database's secrets comes from (the core's access/secrets.ts):
// --secret-key-file, else GAME_PICKER_SECRET_KEY, else, for a database file, the key file
// beside it (`game-picker.sqlite.key`), made at the database's first start with this release,
// readable by its owner only. A key file holds the key as the variable does (base64 of 32
// bytes, one line), so it can move between the two. PostgreSQL has no file beside it: there the
// key is required, and must be the same on every server.
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { newSecretKey, parseSecretKey, SecretKeyFormError } from '@game-picker/core'
import { CliError } from './cli-errors.ts'

export const POSTGRES_NEEDS_KEY = 'PostgreSQL needs GAME_PICKER_SECRET_KEY or --secret-key-file, the same on every server'

export interface SecretKeySource {
  /** --secret-key-file */
  file?: string
  /** GAME_PICKER_SECRET_KEY */
  value?: string
}

export const keyFileOf = (db: string) => `${db}.key`

/** The key given by the option or the environment, or undefined when neither is set. */
export function configuredSecretKey({ file, value }: SecretKeySource): Buffer | undefined {
  if (file) return parse(readKeyText(file)!)
  if (value) return parse(value)
  return undefined
}

/** Where the key in use comes from, named for a person: the same order configuredSecretKey takes. */
export function keySourceOf(db: string, { file, value }: SecretKeySource): string {
  return file ?? (value ? 'GAME_PICKER_SECRET_KEY' : keyFileOf(db))
}

/** The key in the key file beside a database file, or null when there is none yet. */
export function readKeyFile(db: string): Buffer | null {
  const text = readKeyText(keyFileOf(db), { missingIsNull: true })
  return text === null ? null : parse(text)
}

/** Makes the key file beside a database file, owner-only, durable before anything is sealed with it. */
export function createKeyFile(db: string): Buffer {
  const path = keyFileOf(db)
  const text = newSecretKey()
  let fd: number
  try {
    fd = openSync(path, 'wx', 0o600)
  } catch (error) {
    throw new CliError(`Could not create the key file ${path}: ${(error as Error).message}`)
  }
  try {
    writeSync(fd, `${text}\n`)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  const dir = openSync(dirname(path), 'r')
  try {
    fsyncSync(dir)
  } finally {
    closeSync(dir)
  }
  return parse(text)
}

function readKeyText(path: string, { missingIsNull = false } = {}): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if (missingIsNull && (error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw new CliError(`Could not read the secret key file ${path}: ${(error as Error).message}`)
  }
}

function parse(text: string): Buffer {
  try {
    return parseSecretKey(text)
  } catch (error) {
    if (error instanceof SecretKeyFormError) throw new CliError(error.message)
    throw error
  }
}
