// What the room autopilot's migration must leave on a database of the previous release, whatever
// the store: the fixture both migration tests write, and the checks after it.
import type { Store } from '@game-picker/core'
import { createCore } from '@game-picker/core'
import { expect } from 'vitest'
import { TEST_SECRET_KEY } from './secret-key.ts'

/** The games the old database holds (pack, title): three bundled ones and a namesake of another pack. */
export const OLD_GAMES = [
  ['The Jackbox Party Pack 3', 'Tee K.O.'], ['Drawful 2', 'Drawful 2'], ['The Jackbox Party Pack 3', "Fakin' It"], ['My Pack', 'Tee K.O.'],
] as const
/** Session game 1 (game 1, in the active session 1) was being watched with room code ABCD, added at this time. */
export const OLD_PLAYED_AT = '2026-11-22T20:00:00.000Z'

/** The bundled games got their tags by pack and title, and the watched room is still followed. */
export async function expectMigratedRoomAutopilot(store: Store): Promise<void> {
  const core = createCore({ secretKey: TEST_SECRET_KEY, store })
  try {
    expect((await core.games.list()).map((g) => [g.pack_name, g.title, g.app_tags])).toEqual([
      ['Drawful 2', 'Drawful 2', ['drawful2international', 'drawful2']],
      ['My Pack', 'Tee K.O.', []],
      ['The Jackbox Party Pack 3', "Fakin' It", ['fakinit']],
      ['The Jackbox Party Pack 3', 'Tee K.O.', ['awshirt', 'awshirt-tjsp']],
    ])
    expect(await store.read((tx) => tx.getRoom(1))).toMatchObject({
      room_code: 'ABCD', state: 'unknown', players: [], following: 1, follow_until: '2026-11-23T02:00:00.000Z',
    })
  } finally {
    await core.close()
  }
}
