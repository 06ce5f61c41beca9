export type { Clock } from './clock.ts'
export { systemClock } from './clock.ts'
export { createEcastClient, DEFAULT_ECAST_URL } from './ecast-client.ts'
export { createRoomMonitors } from './monitor-registry.ts'
export { createMonitorCoordinator } from './coordinator.ts'
export type { MonitorCoordinatorOptions, MonitorLeasePort } from './coordinator.ts'
export type { RoomLookup, RoomInfo } from './ecast-client.ts'
export type {
  FollowOptions,
  RoomReport,
  PlayerCheckSink,
  PlayerCheckStatus,
  PlayerCheckUpdate,
  RoomMonitorOptions,
  RoomMonitors,
} from './types.ts'
