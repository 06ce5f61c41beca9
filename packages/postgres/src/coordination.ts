// The writes instances coordinate through: the event log, webhook delivery claims, room monitor
// leases, failed logins and transaction locks. Claims skip rows another instance has locked
// (FOR UPDATE SKIP LOCKED), so two instances never take the same delivery or room.
import { type ChangeTopic, type ClaimedRoom, ROOM_COLUMNS, ROOM_UPSERT, roomValues, type StoreTx } from '@game-picker/core'
import { type BatchDb, type SqlValue, valuesList } from './db.ts'
import { toDelivery } from './rows.ts'

type Coordination = Pick<StoreTx,
  'claimDueDeliveries' | 'insertEvent' | 'claimMonitors' | 'renewMonitors' | 'leaseMonitor'
  | 'releaseMonitor' | 'saveRoom' | 'recordLoginFailure' | 'pruneLoginFailures' | 'lock'>

/** `changed(topic)` tells other instances, at commit, what this transaction changed. */
export function createCoordination(db: BatchDb, changed: (topic: ChangeTopic) => void): Coordination {
  const leaseMonitor = async (sessionGameId: number, owner: string, leaseUntil: string) => {
    changed('monitors')
    await db.run(
      `INSERT INTO monitor_leases (session_game_id, owner, lease_until) VALUES ($1, $2, $3)
       ON CONFLICT (session_game_id) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until`,
      [sessionGameId, owner, leaseUntil])
  }
  return {
    claimDueDeliveries: async (owner, now, leaseUntil, limit) => (await db.all(
      `UPDATE webhook_deliveries SET lease_owner = $1, lease_until = $2 WHERE id IN (
         SELECT id FROM webhook_deliveries
         WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
         ORDER BY next_attempt_at, id LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [owner, leaseUntil, now, limit],
    )).map(toDelivery).sort((a, b) => compare(a.next_attempt_at!, b.next_attempt_at!) || a.id - b.id),

    // Into the inbox, sent with the next statement; the sequencer gives it its id once the
    // transaction committed (sequencer.ts), so ids commit in order without a lock every writer
    // takes. The id is not known here: 0 (the core does not use it).
    insertEvent: async (event) => {
      changed('events')
      db.defer('INSERT INTO event_inbox (type, body, created_at) VALUES ($1, $2, $3)', [event.type, event.body, event.created_at])
      return 0
    },
    claimMonitors: async (owner, now, leaseUntil, limit) => {
      const claimed = await db.all<{ id: number }>(
        `WITH free AS (
           SELECT r.session_game_id AS id FROM rooms r LEFT JOIN monitor_leases ml ON ml.session_game_id = r.session_game_id
           WHERE r.following = 1 AND r.follow_until > $1 AND (ml.session_game_id IS NULL OR ml.lease_until <= $1)
           ORDER BY r.session_game_id LIMIT $2 FOR UPDATE OF r SKIP LOCKED)
         INSERT INTO monitor_leases (session_game_id, owner, lease_until) SELECT id, $3, $4 FROM free
         ON CONFLICT (session_game_id) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until
           WHERE monitor_leases.lease_until <= $1
         RETURNING session_game_id AS id`,
        [now, limit, owner, leaseUntil])
      if (claimed.length === 0) return []
      return db.all<ClaimedRoom>(
        `SELECT r.session_game_id AS id, r.room_code, sg.player_count_check_status, r.follow_until
         FROM rooms r JOIN session_games sg ON sg.id = r.session_game_id
         WHERE r.session_game_id = ANY($1::bigint[]) ORDER BY r.session_game_id`,
        [`{${claimed.map((row) => row.id).join(',')}}`])
    },
    renewMonitors: async (owner, ids, leaseUntil) => {
      if (ids.length === 0) return []
      const rows = await db.all<{ id: number }>(
        `UPDATE monitor_leases SET lease_until = $1 WHERE owner = $2 AND session_game_id = ANY($3::bigint[])
           AND session_game_id IN (SELECT session_game_id FROM rooms WHERE following = 1)
         RETURNING session_game_id AS id`, [leaseUntil, owner, `{${ids.join(',')}}`])
      return rows.map((row) => row.id).sort((a, b) => a - b)
    },
    leaseMonitor,
    saveRoom: async (room) => db.defer(
      `INSERT INTO rooms (${ROOM_COLUMNS.join(', ')}) VALUES ${valuesList(1, ROOM_COLUMNS.length)} ${ROOM_UPSERT}`,
      roomValues(room) as SqlValue[]),
    releaseMonitor: async (sessionGameId, owner) => {
      changed('monitors')
      await db.run('DELETE FROM monitor_leases WHERE session_game_id = $1 AND ($2::text IS NULL OR owner = $2)',
        [sessionGameId, owner ?? null])
    },

    recordLoginFailure: async (address, at) => db.defer('INSERT INTO login_failures (address, at) VALUES ($1, $2)', [address, at]),
    pruneLoginFailures: async (before) => void await db.run('DELETE FROM login_failures WHERE at <= $1', [before]),

    // Sent with the next statement: nothing reads or writes in between.
    lock: async (key) => db.defer('SELECT pg_advisory_xact_lock(hashtext($1))', [key]),
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
