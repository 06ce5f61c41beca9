import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createSecretBox, KEY_FORM, newSecretKey, parseSecretKey } from './secret-box.ts'

describe('the secret key', () => {
  test('is the base64 of 32 bytes on one line, as a key file or the environment holds it', () => {
    const text = newSecretKey()
    expect(parseSecretKey(`${text}\n`)).toEqual(Buffer.from(text, 'base64'))
    expect(parseSecretKey(text.replace(/=+$/, ''))).toHaveLength(32) // padding is optional
  })

  test.each([
    ['too short', randomBytes(16).toString('base64')],
    ['too long', randomBytes(33).toString('base64')],
    ['not base64', `${newSecretKey().slice(0, 40)}!!!=`],
    ['hex', randomBytes(32).toString('hex')],
    ['empty', ''],
  ])('of the wrong form (%s) is refused with what it must be', (_, text) => {
    expect(() => parseSecretKey(text)).toThrow(KEY_FORM)
  })
})

describe('sealing', () => {
  const box = createSecretBox(randomBytes(32))

  test('opens what it sealed; the same text seals differently each time', () => {
    const sealed = box.seal('whsec-ünïcode-✓')
    expect(box.open(sealed)).toBe('whsec-ünïcode-✓')
    expect(sealed).not.toContain('whsec')
    expect(box.seal('whsec-ünïcode-✓')).not.toBe(sealed)
  })

  test('another key, an altered value or a plain one does not open', () => {
    const sealed = box.seal('token')
    expect(createSecretBox(randomBytes(32)).open(sealed)).toBeNull()
    const bytes = Buffer.from(sealed.slice('sealed:v1:'.length), 'base64')
    bytes[14] ^= 1
    expect(box.open(`sealed:v1:${bytes.toString('base64')}`)).toBeNull()
    expect(box.open('token')).toBeNull()
    expect(box.open('sealed:v1:')).toBeNull()
  })
})
