import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeEcast, type FakeEcast } from '../../../../test/helpers/fake-ecast.ts'
import { createBackoff } from '../common/backoff.ts'
import { watchRooms } from './test-helpers/watch-rooms.ts'

describe('createBackoff', () => {
  it('doubles the base delay per failure up to the cap, and resets after a success', () => {
    const backoff = createBackoff(120_000)
    const delays = [backoff.delay(15_000)]
    for (let i = 0; i < 5; i++) {
      backoff.fail()
      delays.push(backoff.delay(15_000))
    }
    backoff.reset()
    delays.push(backoff.delay(15_000))
    expect(delays).toEqual([15_000, 30_000, 60_000, 120_000, 120_000, 120_000, 15_000])
  })
})

describe('room monitor politeness', () => {
  let ecast: FakeEcast
  beforeEach(async () => {
    ecast = await startFakeEcast()
  })
  afterEach(() => ecast.close())

  it.each([429, 403])('backs off on HTTP %i: one poll each time, doubling to 2 min, then back to 15 s', async (status) => {
    ecast.createRoom('ABCD').join('player')
    ecast.failNextPolls(4, status)
    const { monitors, clock, last } = watchRooms(ecast)
    monitors.start(1, 'ABCD')
    // Failed polls at 0, 30 s, 90 s and 210 s; the next one (330 s) succeeds.
    for (const [polls, nextPollAt] of [[1, 30_000], [2, 90_000], [3, 210_000], [4, 330_000]]) {
      await clock.waitForTimer(nextPollAt)
      expect(ecast.polls).toBe(polls)
      expect(last()).toEqual({ status: 'monitoring' })
      clock.advance(nextPollAt - clock.now())
    }
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 1 })
    await clock.waitForTimer(345_000)
    expect(ecast.polls).toBe(5)
  })

  it('backs off when the service is unreachable', async () => {
    const down = await startFakeEcast()
    await down.close()
    const { monitors, clock, logs } = watchRooms(ecast, { ecastUrl: down.url })
    monitors.start(1, 'ABCD')
    await clock.fireAt(30_000)
    await clock.waitForTimer(90_000)
    expect(logs.filter((line) => line.includes('network error'))).toHaveLength(2)
    expect(monitors.isRunning(1)).toBe(true) // unreachable is not "no such room"
  })

  it('backs off socket attempts refused with 2420 rate limit exceeded', async () => {
    ecast.createRoom('ABCD').join('player')
    ecast.failNextSockets(2, 2420, 'rate limit exceeded')
    const { monitors, clock, last, logs } = watchRooms(ecast)
    monitors.start(1, 'ABCD')
    await clock.fireAt(40_000) // retried after 2 × 20 s
    await clock.fireAt(120_000) // then after 4 × 20 s
    await expect.poll(last).toEqual({ status: 'monitoring', playerCount: 1 })
    await clock.waitForTimer(140_000) // back to the 20 s probe interval
    expect(logs.filter((line) => line.includes('2420'))).toHaveLength(2)
  })
})
