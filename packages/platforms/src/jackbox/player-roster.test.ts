import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeEcast, type FakeEcast } from '../../../../test/helpers/fake-ecast.ts'
import { createPlayerRoster } from './player-roster.ts'
import { watchRooms } from './test-helpers/watch-rooms.ts'

describe('createPlayerRoster', () => {
  const here = (...ids: number[]) => ids.map((id) => ({ id, name: `p${id}` }))

  it('follows joins and leaves, and keeps a leaver out of later `here` lists until they rejoin', () => {
    const roster = createPlayerRoster()
    roster.reset(here(2, 3))
    roster.join(4, 'p4')
    roster.leave(3)
    expect(roster.count()).toBe(2)
    roster.reset(here(2, 3, 4)) // ecast still lists 3: the slot is reserved
    expect(roster.count()).toBe(2)
    roster.join(3, 'p3')
    roster.reset(here(2, 3, 4))
    expect(roster.count()).toBe(3)
  })

  it('lists players by name in join order, a leaver as not connected, a kicked one no more', () => {
    const roster = createPlayerRoster()
    roster.reset([{ id: 5, name: 'EVE' }, { id: 2, name: 'ANN' }])
    roster.join(7, 'BOB')
    roster.leave(5)
    expect(roster.players()).toEqual([
      { id: 2, name: 'ANN', connected: true }, { id: 5, name: 'EVE', connected: false }, { id: 7, name: 'BOB', connected: true },
    ])
    roster.reset([{ id: 2, name: 'ANN' }, { id: 7, name: 'BOB' }, { id: 9, name: 'CAT' }]) // 5 was kicked; 9 joined unseen
    expect(roster.players().map((player) => player.name)).toEqual(['ANN', 'BOB', 'CAT'])
  })

  it('goes on from a stored roster: who had left stays disconnected when a welcome lists them again', () => {
    const roster = createPlayerRoster([{ id: 2, name: 'ANN', connected: true }, { id: 5, name: 'EVE', connected: false }])
    roster.reset([{ id: 2, name: 'ANN' }, { id: 5, name: 'EVE' }, { id: 7, name: 'BOB' }])
    expect(roster.players()).toEqual([
      { id: 2, name: 'ANN', connected: true }, { id: 5, name: 'EVE', connected: false }, { id: 7, name: 'BOB', connected: true },
    ])
    expect(roster.count()).toBe(2)
    roster.join(5, 'EVE')
    expect(roster.count()).toBe(3)
  })
})

describe('room monitor with players leaving', () => {
  let ecast: FakeEcast
  beforeEach(async () => {
    ecast = await startFakeEcast()
  })
  afterEach(() => ecast.close())

  it('does not count a player again on a probe after seeing them leave', async () => {
    const room = ecast.createRoom('ABCD')
    const { monitors, clock, last } = watchRooms(ecast)
    const leaver = room.join('player')
    room.join('player')
    monitors.start(1, 'ABCD')
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 2 })
    room.disconnect(leaver) // ecast keeps the reserved slot in `here`
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 1 })
    await clock.fireAt(20_000)
    await clock.fireAt(40_000) // two more welcomes that still list the leaver
    await clock.waitForTimer(60_000)
    expect(last()).toEqual({ status: 'monitoring', playerCount: 1 })
    room.reconnect(leaver)
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 2 })
  })
})
