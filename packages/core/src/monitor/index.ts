export type { Clock } from './clock.ts'
export { systemClock } from './clock.ts'
export { DEFAULT_ECAST_URL } from './ecast-client.ts'
export { createRoomMonitors } from './monitor-registry.ts'
export type {
  PlayerCheckSink,
  PlayerCheckStatus,
  PlayerCheckUpdate,
  RoomMonitorOptions,
  RoomMonitors,
} from './types.ts'
