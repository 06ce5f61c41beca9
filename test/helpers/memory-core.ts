// A core over a fresh in-memory sqlite store, with a controllable clock.
import { createCore, type CoreOptions } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/sqlite'
import { TEST_SECRET_KEY } from './secret-key.ts'

export interface TestClock {
  now: () => Date
  set: (iso: string) => void
  advance: (ms: number) => void
}

export function createTestClock(start = '2026-11-22T20:00:00.000Z'): TestClock {
  let current = Date.parse(start)
  return {
    now: () => new Date(current),
    set: (iso) => void (current = Date.parse(iso)),
    advance: (ms) => void (current += ms),
  }
}

export async function createTestCore(options: Partial<CoreOptions> = {}) {
  const clock = createTestClock()
  const store = options.store ?? (await createSqliteStore())
  const core = createCore({ secretKey: TEST_SECRET_KEY, now: clock.now, ...options, store })
  return { core, clock }
}

export const gameInput = (overrides: Record<string, unknown> = {}) => ({
  pack_name: 'Pack A', title: 'Game', min_players: 2, max_players: 8, ...overrides,
})
