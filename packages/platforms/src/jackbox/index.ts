// Jackbox's room service (ecast): a room looked up once over REST, then followed as a shard on its
// WebSocket (roster, lock, end), behind the core's room service port.
import type { RoomService } from '@game-picker/core'
import { createRoomMonitors } from './monitor-registry.ts'
import type { RoomMonitorOptions } from './options.ts'

export { createEcastClient, DEFAULT_ECAST_URL } from './ecast-client.ts'
export { createRoomMonitors } from './monitor-registry.ts'
export type { RoomMonitorOptions } from './options.ts'

/** The room service port on ecast at `ecastUrl` (default Jackbox's own). */
export function createJackboxRoomService(options: Omit<RoomMonitorOptions, 'sink' | 'log'> = {}): RoomService {
  return (sink, log) => createRoomMonitors({ ...options, sink, log })
}
