import { expect, onTestFinished } from 'vitest'
import { createFakeClock } from '../../../../../test/helpers/fake-clock.ts'
import type { FakeEcast } from '../../../../../test/helpers/fake-ecast.ts'
import { createRoomMonitors } from '../monitor-registry.ts'
import type { PlayerCheckSink, PlayerCheckUpdate, RoomReport } from '@game-picker/core'
import type { RoomMonitorOptions } from '../options.ts'

/**
 * Room monitors on a fake clock against a fake ecast, recording every status write in order.
 * Room reports go at once unless a test sets `reportIntervalMs` (the player check's tests are
 * about counts, not about coalescing).
 */
export function watchRooms(ecast: FakeEcast, options: Partial<RoomMonitorOptions> = {}) {
  const writes: { sessionGameId: number; change: PlayerCheckUpdate }[] = []
  const logs: string[] = []
  const clock = createFakeClock()
  const reports: { sessionGameId: number; report: RoomReport }[] = []
  const sink: PlayerCheckSink = {
    update: async (sessionGameId, change) => void writes.push({ sessionGameId, change }),
    room: async (sessionGameId, report) => {
      reports.push({ sessionGameId, report })
      // As rooms.record stores it: the running count, while the check is `monitoring`.
      const last = writes.findLast((write) => write.sessionGameId === sessionGameId)?.change
      if (report.checkCount !== undefined && last?.status === 'monitoring' && last.playerCount !== report.checkCount) {
        writes.push({ sessionGameId, change: { status: 'monitoring', playerCount: report.checkCount } })
      }
    },
  }
  const monitors = createRoomMonitors({
    sink, ecastUrl: ecast.url, clock, log: (message) => logs.push(message), reportIntervalMs: 0, ...options,
  })
  onTestFinished(() => monitors.close())

  /** The player check as the session game's row records it, change by change, for one session game (1 by default). */
  const changes = (sessionGameId = 1) =>
    writes.filter((write) => write.sessionGameId === sessionGameId).map((write) => write.change)
  const last = (sessionGameId = 1) => changes(sessionGameId).at(-1)
  /** Room reports for one session game (1 by default). */
  const roomReports = (sessionGameId = 1) =>
    reports.filter((entry) => entry.sessionGameId === sessionGameId).map((entry) => entry.report)
  const lastRoom = (sessionGameId = 1) => roomReports(sessionGameId).at(-1)

  /** Asserts the monitors left nothing behind: no timers, no open sockets on the fake server. */
  async function nothingLeft() {
    expect(clock.dueTimes()).toEqual([])
    await expect.poll(() => ecast.openSockets()).toBe(0)
  }

  return { monitors, clock, sink, logs, changes, last, roomReports, lastRoom, nothingLeft }
}
