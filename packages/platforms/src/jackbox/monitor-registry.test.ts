import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeEcast, type FakeEcast } from '../../../../test/helpers/fake-ecast.ts'
import { watchRooms } from './test-helpers/watch-rooms.ts'
import type { PlayerCheckUpdate, RoomReport } from '@game-picker/core'

describe('createRoomMonitors', () => {
  let ecast: FakeEcast
  beforeEach(async () => {
    ecast = await startFakeEcast()
  })
  afterEach(() => ecast.close())

  it('stop in the middle writes stopped, closes the socket and leaves no timers', async () => {
    ecast.createRoom('ABCD').join('player')
    const { monitors, changes, last, nothingLeft } = watchRooms(ecast)
    monitors.start(1, 'ABCD')
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 1 })
    expect(ecast.openSockets('shard')).toBe(1)
    await monitors.stop(1)
    expect(monitors.isRunning(1)).toBe(false)
    expect(changes()).toEqual([{ status: 'monitoring' }, { status: 'monitoring', playerCount: 1 }, { status: 'stopped' }])
    await nothingLeft()
  })

  it('stop while the first poll is still in flight writes nothing after stopped', async () => {
    ecast.createRoom('ABCD').join('player')
    const { monitors, changes, nothingLeft } = watchRooms(ecast)
    monitors.start(1, 'ABCD')
    await monitors.stop(1)
    await new Promise((resolve) => setTimeout(resolve, 50)) // time for a late answer to arrive
    expect(changes()).toEqual([{ status: 'monitoring' }, { status: 'stopped' }])
    await nothingLeft()
  })

  it('close() ends everything without touching statuses, and a new start resumes the row', async () => {
    const room = ecast.createRoom('ABCD')
    room.join('player')
    const first = watchRooms(ecast)
    first.monitors.start(1, 'ABCD')
    await expect.poll(first.last).toEqual({ status: 'monitoring', playerCount: 1 })
    await first.monitors.close()
    expect(first.last()).toEqual({ status: 'monitoring', playerCount: 1 })
    await first.nothingLeft()

    // Server restart: the row is still 'monitoring', so the new process starts it again.
    room.join('player')
    const second = watchRooms(ecast)
    second.monitors.start(1, 'ABCD')
    await expect.poll(second.last).toEqual({ status: 'monitoring', playerCount: 2 })
    room.lock()
    await expect.poll(second.last).toEqual({ status: 'completed', playerCount: 2 })
    room.exit()
    await expect.poll(() => second.monitors.isRunning(1)).toBe(false)
    await second.nothingLeft()
  })

  it('restarting a running monitor replaces it: one socket, one set of timers', async () => {
    ecast.createRoom('ABCD').join('player')
    const { monitors, clock, changes } = watchRooms(ecast, { giveUpMs: 1_000_000 })
    monitors.start(1, 'ABCD')
    await expect.poll(() => changes().length).toBe(2)
    monitors.start(1, 'ABCD')
    await expect.poll(() => changes().length).toBe(4)
    await clock.waitForTimer(20_000)
    expect(clock.dueTimes()).toEqual([15_000, 20_000, 1_000_000, 6 * 3_600_000])
    await expect.poll(() => ecast.openSockets('shard')).toBe(1)
    expect(changes().map((change) => change.status)).toEqual(['monitoring', 'monitoring', 'monitoring', 'monitoring'])
  })

  it('keeps session games apart', async () => {
    ecast.createRoom('AAAA').join('player')
    const room = ecast.createRoom('BBBB')
    room.join('player')
    room.join('player')
    const { monitors, last } = watchRooms(ecast)
    monitors.start(1, 'AAAA')
    monitors.start(2, 'BBBB')
    await expect.poll(() => [last(1), last(2)]).toEqual([
      { status: 'monitoring', playerCount: 1 },
      { status: 'monitoring', playerCount: 2 },
    ])
    room.exit()
    await expect.poll(() => last(2)).toEqual({ status: 'completed', playerCount: 2 })
    expect([monitors.isRunning(1), monitors.isRunning(2)]).toEqual([true, false])
  })

  it('logs sink failures and keeps monitoring', async () => {
    const room = ecast.createRoom('ABCD')
    room.join('player')
    const seen: string[] = []
    const record = (line: string) => {
      seen.push(line)
      if (seen.length <= 2) throw new Error('database is locked')
    }
    const sink = {
      update: async (_id: number, change: PlayerCheckUpdate) => record(`${change.status} ${change.playerCount ?? '-'}`),
      room: async (_id: number, report: RoomReport) => record(`room ${report.checkCount ?? '-'}`),
    }
    const { monitors, logs } = watchRooms(ecast, { sink })
    monitors.start(1, 'ABCD')
    // The room info (no count yet), then the welcome's roster with the running count.
    await expect.poll(() => seen).toEqual(['monitoring -', 'room -', 'room 1'])
    room.lock()
    await expect.poll(() => seen).toContain('completed 1')
    expect(logs.filter((line) => line.includes('database is locked'))).toHaveLength(2)
  })

  it('stop writes stopped even when nothing is running', async () => {
    const { monitors, changes } = watchRooms(ecast)
    await monitors.stop(9)
    expect(changes(9)).toEqual([{ status: 'stopped' }])
  })
})
