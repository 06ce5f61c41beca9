// The room monitors of one server: a follower per session game, all reporting through one ordered writer.
import { systemClock, type RoomMonitors } from '@game-picker/core'
import type { RoomMonitorOptions } from './options.ts'
import { createEcastClient, DEFAULT_ECAST_URL } from './ecast-client.ts'
import { createRoomMonitor, type MonitorSettings, type RoomMonitor } from './room-monitor.ts'
import { createStatusWriter } from './status-writer.ts'

function readMonitorSettings(options: RoomMonitorOptions): MonitorSettings {
  return {
    pollIntervalMs: options.pollIntervalMs ?? 15_000,
    probeIntervalMs: options.probeIntervalMs ?? 20_000,
    giveUpMs: options.giveUpMs ?? 45 * 60_000,
    maxBackoffMs: options.maxBackoffMs ?? 120_000,
    reportIntervalMs: options.reportIntervalMs ?? 1000,
  }
}

const FOLLOW_MS = 6 * 60 * 60_000

/** One room monitor per session game, all writing through one ordered status writer. */
export function createRoomMonitors(options: RoomMonitorOptions): RoomMonitors {
  const log = options.log ?? (() => {})
  const settings = readMonitorSettings(options)
  const ecast = createEcastClient(options.ecastUrl ?? DEFAULT_ECAST_URL)
  const writer = createStatusWriter(options.sink, log)
  const running = new Map<number, RoomMonitor>()

  function halt(sessionGameId: number) {
    running.get(sessionGameId)?.dispose()
    running.delete(sessionGameId)
  }

  return {
    start(sessionGameId, roomCode, follow = {}) {
      halt(sessionGameId)
      const checkDone = follow.checkDone ?? false
      if (!checkDone) writer.write(sessionGameId, { status: 'monitoring' })
      const code = roomCode.trim().toUpperCase()
      const clock = options.clock ?? systemClock
      const monitor = createRoomMonitor({
        roomCode: code,
        userId: options.userId ?? `game-picker-${sessionGameId}`,
        ecast,
        clock,
        settings,
        checkDone,
        players: follow.players ?? [],
        followUntil: follow.followUntil ?? clock.now() + FOLLOW_MS,
        write: (change) => writer.write(sessionGameId, change),
        report: (report) => writer.writeRoom(sessionGameId, report),
        log: (message) => log(`room monitor ${code} (session game ${sessionGameId}): ${message}`),
        onFinished: () => {
          if (running.get(sessionGameId) === monitor) running.delete(sessionGameId)
        },
      })
      running.set(sessionGameId, monitor)
      monitor.start()
    },

    async stop(sessionGameId) {
      halt(sessionGameId)
      writer.write(sessionGameId, { status: 'stopped' })
      await writer.flush()
    },

    halt,
    readRoom: (code, signal = AbortSignal.timeout(15_000)) => ecast.readRoom(code.toUpperCase(), signal),
    isRunning: (sessionGameId) => running.has(sessionGameId),
    runningIds: () => [...running.keys()],

    async close() {
      for (const sessionGameId of [...running.keys()]) halt(sessionGameId)
      await writer.flush() // let writes already made reach the store before it closes
    },
  }
}
