import { expect, test } from 'vitest'
import { createTestCore } from '../../../../test/helpers/memory-core.ts'

test('a generated key is kept as a hash and shown once; rotating it also retires the tokens bought with it', async () => {
  const { core } = await createTestCore()
  const first = await core.adminKeys.ensure()
  expect(first).toEqual(expect.any(String))
  expect(await core.adminKeys.ensure()).toBeNull() // shown once: never again
  expect(await core.store.read((tx) => tx.getSetting('admin_key_hash'))).not.toContain(first!)
  expect(await core.adminKeys.verify(first!)).toBe(true)
  const secret = await core.adminKeys.jwtSecret()

  const rotated = await core.adminKeys.rotate()
  expect([await core.adminKeys.verify(first!), await core.adminKeys.verify(rotated)]).toEqual([false, true])
  expect(await core.adminKeys.jwtSecret()).not.toBe(secret) // tokens signed with the old secret fail
  expect(await core.adminKeys.jwtSecret('from-the-environment')).toBe('from-the-environment')
})

test('a configured key is accepted exactly, in full, and never stored', async () => {
  const { core } = await createTestCore()
  const configured = 'configured-admin-key-ü'
  expect(await core.adminKeys.verify(configured, configured)).toBe(true)
  for (const guess of ['', 'configured-admin-key-u', 'configured-admin-key-', `${configured} `, configured.toUpperCase(), `${configured}${configured}`]) {
    expect(await core.adminKeys.verify(guess, configured)).toBe(false)
  }
  expect(await core.store.read((tx) => tx.getSetting('admin_key_hash'))).toBeNull()
})
