// Rooms: a room code becomes the game it runs, followed through the room service port, with one
// server holding each followed room through a lease.
export type {
  RoomInfo, RoomLookup, RoomService, RoomMonitors, RoomReport, FollowOptions, PlayerCheckSink, PlayerCheckUpdate,
} from './room-service.ts'
export { createMonitorCoordinator, type MonitorCoordinatorOptions, type MonitorLeasePort } from './monitor-coordinator.ts'
export type { ResumedRoom } from './monitor-leases.ts'
