import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeEcast, type FakeEcast } from '../../../../test/helpers/fake-ecast.ts'
import { watchRooms } from './test-helpers/watch-rooms.ts'
import type { RoomMonitorOptions } from './types.ts'

let ecast: FakeEcast
beforeEach(async () => {
  ecast = await startFakeEcast()
})
afterEach(() => ecast.close())

function watch(options: Partial<RoomMonitorOptions> = {}) {
  const kit = watchRooms(ecast, options)
  /** The monitor ended by itself and left nothing behind. */
  const finished = async () => {
    await expect.poll(() => kit.monitors.isRunning(1)).toBe(false)
    await kit.nothingLeft()
  }
  return { ...kit, changes: () => kit.changes(), last: () => kit.last(), finished }
}

describe('room monitor', () => {
  it('counts a lobby filling to 5 players and completes with 5 when the room locks', async () => {
    const room = ecast.createRoom('ABCD')
    room.join('player')
    room.join('player')
    const { monitors, changes, last, finished } = watch()
    monitors.start(1, 'abcd')
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 2 })
    for (let i = 0; i < 3; i++) room.join('player')
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 5 })
    room.lock()
    await expect.poll(last).toEqual({ status: 'completed', playerCount: 5 })
    expect(changes().map((change) => change.playerCount)).toEqual([undefined, 2, 3, 4, 5, 5])
    // The game runs: the room is still followed (its socket open) until it ends.
    expect(monitors.isRunning(1)).toBe(true)
    expect(ecast.openSockets('shard')).toBe(1)
    room.exit()
    await expect.poll(() => monitors.isRunning(1)).toBe(false)
    expect(changes()).toHaveLength(6) // the check kept the count at the lock
    await finished()
  })

  it('never counts the host or the audience', async () => {
    const room = ecast.createRoom('ABCD')
    room.join('player')
    room.join('audience')
    const { monitors, last, finished } = watch()
    monitors.start(1, 'ABCD')
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 1 })
    room.disconnect(1) // the host drops and comes back: events with role host
    room.reconnect(1)
    room.join('audience')
    room.lock()
    await expect.poll(last).toEqual({ status: 'completed', playerCount: 1 })
  })

  it('fails for a room that never exists, after one poll and without a socket', async () => {
    const { monitors, changes, last, finished } = watch()
    monitors.start(1, 'NOPE')
    await expect.poll(last).toEqual({ status: 'failed' })
    expect(changes()).toEqual([{ status: 'monitoring' }, { status: 'failed' }])
    expect(ecast.polls).toBe(1)
    await finished()
  })

  it('completes with the count seen when the room exits before locking', async () => {
    const room = ecast.createRoom('ABCD')
    for (let i = 0; i < 3; i++) room.join('player')
    const { monitors, last, finished } = watch()
    monitors.start(1, 'ABCD')
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 3 })
    room.exit()
    await expect.poll(last).toEqual({ status: 'completed', playerCount: 3 })
    await finished()
  })

  it('completes when a seen room answers 404 without a room/exit frame', async () => {
    const room = ecast.createRoom('ABCD')
    room.join('player')
    const { monitors, clock, last, finished } = watch()
    monitors.start(1, 'ABCD')
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 1 })
    room.exit({ notify: false })
    await clock.fireAt(15_000)
    await expect.poll(last).toEqual({ status: 'completed', playerCount: 1 })
    await finished()
  })

  it('fails when the room closes before any count was seen', async () => {
    const room = ecast.createRoom('ABCD')
    ecast.failNextSockets(1, 2014, 'no such role: shard: requested role does not exist')
    const { monitors, clock, changes, finished } = watch()
    monitors.start(1, 'ABCD')
    await clock.waitForTimer(40_000) // the refused socket is retried later
    room.exit()
    await clock.fireAt(15_000)
    await expect.poll(changes).toEqual([{ status: 'monitoring' }, { status: 'failed' }])
    await finished()
  })

  it('counts players of a game that sends no join events through the probe refresh', async () => {
    const room = ecast.createRoom('ABCD', { joinEvents: false })
    room.join('player')
    const { monitors, clock, last } = watch()
    monitors.start(1, 'ABCD')
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 1 })
    room.join('player')
    room.join('player')
    await clock.fireAt(20_000)
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 3 })
    await expect.poll(() => ecast.openSockets('shard')).toBe(1) // the probe replaced the old socket
  })

  it('completes when only the REST poll shows locked: true', async () => {
    const room = ecast.createRoom('ABCD')
    room.join('player')
    const { monitors, clock, last, finished } = watch()
    monitors.start(1, 'ABCD')
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 1 })
    room.lock({ notify: false })
    await clock.fireAt(15_000)
    await expect.poll(last).toEqual({ status: 'completed', playerCount: 1 })
    room.exit({ notify: false })
    await clock.fireAt(30_000)
    await finished()
  })

  it('reads the count from a socket when the room is already locked at the first poll', async () => {
    const room = ecast.createRoom('ABCD')
    room.join('player')
    room.join('player')
    room.lock({ notify: false })
    const { monitors, last } = watch()
    monitors.start(1, 'ABCD')
    await expect.poll(last).toEqual({ status: 'completed', playerCount: 2 })
  })

  it('fails at the give-up time if the game never starts', async () => {
    ecast.createRoom('ABCD').join('player')
    const { monitors, clock, last, finished } = watch({ giveUpMs: 60_000, pollIntervalMs: 600_000, probeIntervalMs: 600_000 })
    monitors.start(1, 'ABCD')
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 1 })
    await clock.fireAt(60_000)
    await expect.poll(last).toEqual({ status: 'failed' })
    expect(monitors.isRunning(1)).toBe(true) // the lobby is still followed
  })
})
