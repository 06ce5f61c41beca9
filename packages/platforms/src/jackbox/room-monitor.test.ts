import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeEcast, type FakeEcast } from '../../../../test/helpers/fake-ecast.ts'
import { watchRooms } from './test-helpers/watch-rooms.ts'
import type { PlayerCheckUpdate, RoomReport } from '@game-picker/core'
import type { RoomMonitorOptions } from './options.ts'

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

describe('room reports', () => {
  it('carry the running count while the check runs: a roster change is one write, not two', async () => {
    const room = ecast.createRoom('ABCD')
    room.join('player', 'ANN')
    const updates: PlayerCheckUpdate[] = []
    const reports: RoomReport[] = []
    const sink = {
      update: async (_id: number, change: PlayerCheckUpdate) => void updates.push(change),
      room: async (_id: number, report: RoomReport) => void reports.push(report),
    }
    const { monitors } = watch({ sink })
    monitors.start(1, 'ABCD')
    await expect.poll(() => reports.at(-1)?.checkCount).toBe(1)
    room.join('player', 'BOB')
    await expect.poll(() => reports.at(-1)?.checkCount).toBe(2)
    room.lock()
    await expect.poll(() => updates).toEqual([{ status: 'monitoring' }, { status: 'completed', playerCount: 2 }])
    await expect.poll(() => reports.at(-1)?.state).toBe('playing')
    expect(reports.at(-1)).not.toHaveProperty('checkCount') // the check is done: its count stays
    expect(reports[0]).not.toHaveProperty('checkCount') // the room info, before any roster
  })

  it('names the players in join order, at most one report a second, the latest always sent', async () => {
    const room = ecast.createRoom('ABCD', { appTag: 'quiplash3', maxPlayers: 8 })
    room.join('player', 'ANN')
    const { monitors, clock, roomReports, lastRoom } = watch({ reportIntervalMs: 1000 })
    monitors.start(1, 'ABCD')
    await expect.poll(() => roomReports().length).toBe(1) // the room info, at once
    await clock.fireAt(1000) // the welcome's roster, a second later
    await expect.poll(() => lastRoom()?.players).toEqual([{ id: 2, name: 'ANN', connected: true }])
    const sent = roomReports().length
    const bob = room.join('player', 'BOB')
    room.join('player', 'CAT')
    room.disconnect(bob)
    await clock.waitForTimer(2000) // three changes wait for the end of the next second
    expect(roomReports()).toHaveLength(sent)
    await clock.fireAt(2000)
    await expect.poll(() => roomReports().length).toBe(sent + 1)
    expect(lastRoom()).toMatchObject({
      state: 'lobby', appTag: 'quiplash3', maxPlayers: 8, locked: false, following: true,
      players: [{ id: 2, name: 'ANN', connected: true }, { id: 4, name: 'BOB', connected: false }, { id: 5, name: 'CAT', connected: true }], // 3: our shard
    })
    room.lock()
    await clock.fireAt(3000)
    await expect.poll(() => lastRoom()?.state).toBe('playing')
    room.exit()
    await expect.poll(lastRoom).toMatchObject({ state: 'ended', following: false })
  })

  it('backs off through an outage (doubling, capped) and follows the room again after it', async () => {
    const room = ecast.createRoom('ABCD')
    room.join('player', 'ANN')
    const { monitors, clock, last, lastRoom } = watch({ maxBackoffMs: 120_000 })
    monitors.start(1, 'ABCD')
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 1 })
    ecast.setOutage(true)
    const polls = ecast.polls
    await clock.fireAt(15_000) // 503: next poll in 30 s, then 60 s, then 120 s, capped
    await clock.fireAt(45_000)
    await clock.fireAt(105_000)
    await clock.fireAt(225_000)
    await clock.fireAt(345_000)
    await expect.poll(() => ecast.polls - polls).toBe(5)
    expect(monitors.isRunning(1)).toBe(true)
    ecast.setOutage(false)
    room.join('player', 'BOB')
    await clock.fireAt(465_000)
    await clock.waitForTimer(480_000) // back to one poll per interval
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 2 })
    await expect.poll(() => lastRoom()?.players?.map((player) => player.name)).toEqual(['ANN', 'BOB'])
  })
})
