// Following a session game's room starts and stops here: the room row (`following`, until
// when), the player check's status and the monitor lease change together.
import { type CoreContext, isoAfter, isoNow } from '../common/context.ts'
import type { Emit } from '../events/events.ts'
import { MONITOR_LEASE_MS } from './monitor-leases.ts'
import type { FollowOptions, RoomInfo } from './room-service.ts'
import { patchAndEmit } from '../sessions/session-game-patch.ts'
import type { RoomRecord, StoreTx } from '../store/store.ts'
import type { SessionGame } from '../common/types.ts'

/** How long a room is followed at most. */
export const FOLLOW_MS = 6 * 60 * 60_000

/**
 * Serializes the changes to one session game's following (start, stop, the follower's writes)
 * across servers: a follower's write that read the lease just before a stop committed would
 * otherwise land after it (see StoreTx.lock).
 */
export const roomLock = (sessionGameId: number) => `room:${sessionGameId}`

/** A room row as a room-info lookup shows it, followed from now on. */
function roomFromInfo(ctx: CoreContext, sessionGameId: number, code: string, info: RoomInfo | null): RoomRecord {
  const now = isoNow(ctx)
  return {
    session_game_id: sessionGameId, room_code: code, app_tag: info?.appTag ?? null,
    state: info ? (info.locked ? 'playing' : 'lobby') : 'unknown', players: [],
    max_players: info?.maxPlayers ?? null,
    audience_enabled: info?.audienceEnabled == null ? null : info.audienceEnabled ? 1 : 0,
    locked: info?.locked ? 1 : 0, started_at: info?.locked ? now : null, ended_at: null, updated_at: now,
    following: 1, follow_until: isoAfter(ctx, FOLLOW_MS),
  }
}

/**
 * Starts (or restarts) following the session game's room on this server: the player check
 * becomes `monitoring` and the lease is taken from whoever held it. A room that ended, or a
 * row whose code changed, starts afresh. Returns how this server's monitor starts: from the
 * roster kept (empty for a fresh room).
 */
export async function followRoom(
  ctx: CoreContext, tx: StoreTx, emit: Emit, row: SessionGame, info: RoomInfo | null = null,
): Promise<FollowOptions> {
  const stored = await tx.getRoom(row.id)
  const fresh = !stored || stored.room_code !== row.room_code || stored.state === 'ended' || info !== null
  const room = fresh
    ? roomFromInfo(ctx, row.id, row.room_code!, info)
    : { ...stored, following: 1 as const, follow_until: isoAfter(ctx, FOLLOW_MS) }
  await tx.saveRoom(room)
  await patchAndEmit(tx, emit, row, { player_count_check_status: 'monitoring' })
  await tx.leaseMonitor(row.id, ctx.instanceId, isoAfter(ctx, MONITOR_LEASE_MS))
  return { players: room.players }
}

/** Stops following the room (it keeps its last state) and ends its lease. */
export async function unfollowRoom(tx: StoreTx, sessionGameId: number) {
  await tx.lock(roomLock(sessionGameId))
  const room = await tx.getRoom(sessionGameId)
  if (room?.following) await tx.saveRoom({ ...room, following: 0 })
  await tx.releaseMonitor(sessionGameId)
}

