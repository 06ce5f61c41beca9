// The room service port: where a room code is looked up and a room followed (Jackbox's room
// service in @game-picker/platforms). The domain hands it a sink and reads what it reports.
import type { RoomRecord } from '../store/store.ts'
import type { PlayerCheckStatus, RoomState } from '../common/types.ts'

/** The fields of `GET /api/v2/rooms/{code}` the monitor relies on; ecast sends more, all optional to us. */
export interface RoomInfo {
  code: string
  /** The game server holding the room's WebSockets (not always the REST host). */
  host: string
  /** The game has started. */
  locked: boolean
  full: boolean
  /** The game the room runs (e.g. `quiplash3`); null when the service leaves it out. */
  appTag: string | null
  /** Player slots; older rooms leave it out. */
  maxPlayers: number | null
  audienceEnabled: boolean | null
}

export type RoomLookup =
  | { kind: 'found'; room: RoomInfo }
  | { kind: 'missing' }
  /** Throttled (403/429), unreachable or answering nonsense: ask again later, more slowly. */
  | { kind: 'unavailable'; reason: string }

/** `playerCount` omitted means "leave the stored count as it is". */
export interface PlayerCheckUpdate {
  status: PlayerCheckStatus
  playerCount?: number | null
}

/**
 * What the follower saw of the room. `players` null: no roster read yet (keep the stored one).
 * `following` false: the last report, the follower stops (room gone, never found, or time up).
 */
export interface RoomReport {
  state: RoomState
  appTag: string | null
  maxPlayers: number | null
  audienceEnabled: boolean | null
  locked: boolean
  players: RoomRecord['players'] | null
  following: boolean
  /**
   * The player check's count while the check runs (absent once it finished, or before a count):
   * recorded on the session game in the room's own transaction, so a roster change is one write.
   */
  checkCount?: number
}

/** Where the monitor records its progress: the session game row and its room, in the real server. */
export interface PlayerCheckSink {
  update(sessionGameId: number, change: PlayerCheckUpdate): Promise<void>
  room(sessionGameId: number, report: RoomReport): Promise<void>
}

/**
 * How a follower starts: a room resumed after its check finished must not restart the check,
 * and it goes on from the roster stored so far.
 */
export interface FollowOptions {
  /** The player check already finished (default false: it runs, `{ status: 'monitoring' }` is written first). */
  checkDone?: boolean
  /**
   * The room's stored roster (default none). ecast lists a player who dropped in `here` like one
   * who is there, so without it a taken-over room would count them connected again.
   */
  players?: RoomRecord['players']
  /** Clock time when following stops at the latest (default: 6 hours from now). */
  followUntil?: number
}

export interface RoomMonitors {
  /** Starts or restarts following the room. */
  start(sessionGameId: number, roomCode: string, options?: FollowOptions): void
  /** Closes socket and timers, then writes `{ status: 'stopped' }`. */
  stop(sessionGameId: number): Promise<void>
  /** Closes socket and timers WITHOUT recording anything (the row was stopped or taken over elsewhere). */
  halt(sessionGameId: number): void
  /** Asks the room service about a room once (POST /api/sessions/{id}/rooms). */
  readRoom(code: string, signal?: AbortSignal): Promise<RoomLookup>
  isRunning(sessionGameId: number): boolean
  /** The session games watched now. */
  runningIds(): number[]
  /** Server shutdown: closes everything WITHOUT changing statuses, so 'monitoring' rows resume after a restart. */
  close(): Promise<void>
}

/**
 * The room service as the domain sees it: given where to report and log, the monitors that follow
 * rooms (the composition root wires one in; `@game-picker/platforms` has Jackbox's).
 */
export type RoomService = (sink: PlayerCheckSink, log: (line: string) => void) => RoomMonitors

const NO_ROOM_SERVICE = 'No room service is wired in'

/** A core with no room service: lookups answer unavailable, and a player check fails at once. */
export const noRoomService: RoomService = (sink) => ({
  start: (sessionGameId) => void sink.update(sessionGameId, { status: 'failed' }),
  stop: (sessionGameId) => sink.update(sessionGameId, { status: 'stopped' }),
  halt: () => {},
  readRoom: async () => ({ kind: 'unavailable', reason: NO_ROOM_SERVICE }),
  isRunning: () => false,
  runningIds: () => [],
  close: async () => {},
})
