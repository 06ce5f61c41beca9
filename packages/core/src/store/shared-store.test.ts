// Two servers sharing one store, as with PostgreSQL: two cores with their own instance ids over
// the same Store. Leases give each webhook attempt and each room monitor one owner, and the
// login limit counts the failures both saw.
import { beforeEach, describe, expect, test } from 'vitest'
import { createCore, type Core } from '../core.ts'
import { LOGIN_LIMIT } from '../access/login-limit.ts'
import { MONITOR_LEASE_MS } from '../rooms/monitor-leases.ts'
import { createSqliteStore } from '@game-picker/sqlite'
import { createTestClock, gameInput, type TestClock } from '../../../../test/helpers/memory-core.ts'
import { TEST_SECRET_KEY } from '../../../../test/helpers/secret-key.ts'

let a: Core
let b: Core
let clock: TestClock
beforeEach(async () => {
  clock = createTestClock()
  const store = await createSqliteStore()
  a = createCore({ secretKey: TEST_SECRET_KEY, store, now: clock.now, instanceId: 'server-a' })
  b = createCore({ secretKey: TEST_SECRET_KEY, store, now: clock.now, instanceId: 'server-b' })
})

async function monitoredRow(core: Core) {
  const session = await core.sessions.start()
  const row = await core.sessionGames.add(session.id, { game_id: (await core.games.create(gameInput())).id, room_code: 'ABCD' })
  return { session, row }
}

describe('two servers on one store', () => {
  test('each due delivery is claimed by one server; a dead server’s claim returns after its lease', async () => {
    await a.webhooks.create({ name: 'bot', url: 'http://127.0.0.1:9/h', secret: 's', events: ['session.started', 'session.ended'] })
    const session = await a.sessions.start()
    await b.sessions.close(session.id)
    const now = clock.now().toISOString()

    const byA = await a.deliveries.claimDue(now, 1)
    const byB = await b.deliveries.claimDue(now, 10)
    expect([byA.map((d) => d.eventType), byB.map((d) => d.eventType)]).toEqual([['session.started'], ['session.ended']])
    expect(await a.deliveries.claimDue(now, 10)).toEqual([])
    await b.deliveries.recordAttempt({ delivery: byB[0], responseStatus: 200, errorMessage: null, at: now, nextAttemptAt: null })
    // Server A dies without recording its attempt: once the lease ends, B sends it.
    expect(await a.deliveries.nextDueAt()).toBe(new Date(clock.now().getTime() + 30_000).toISOString())
    clock.advance(30_000)
    expect((await b.deliveries.claimDue(clock.now().toISOString(), 10)).map((d) => d.deliveryId)).toEqual([byA[0].deliveryId])
  })

  test('a monitored row has one owner; others claim it only once the owner stops renewing', async () => {
    const { session, row } = await monitoredRow(a)
    expect(await a.sessionGames.startPlayerCheck(session.id, row.id)).toEqual({ roomCode: 'ABCD', follow: { players: [] } })
    expect(await b.monitorLeases.claim()).toEqual([])
    clock.advance(MONITOR_LEASE_MS - 1)
    expect(await a.monitorLeases.renew([row.id])).toEqual([row.id])
    clock.advance(MONITOR_LEASE_MS - 1)
    expect(await b.monitorLeases.claim()).toEqual([]) // renewed: still A's

    clock.advance(2) // A missed its renewals (it died): B takes the room over
    expect((await b.monitorLeases.claim()).map((r) => [r.id, r.room_code])).toEqual([[row.id, 'ABCD']])
    expect(await a.monitorLeases.renew([row.id])).toEqual([]) // A, if alive after all, stops watching
  })

  test('only the lease holder records the monitor’s progress; a stop anywhere ends the lease', async () => {
    const { session, row } = await monitoredRow(a)
    await a.sessionGames.startPlayerCheck(session.id, row.id)
    await b.sessionGames.recordPlayerCheck(row.id, { status: 'completed', playerCount: 3 }) // not B's: ignored
    await a.sessionGames.recordPlayerCheck(row.id, { status: 'monitoring', playerCount: 5 })
    expect(await b.sessionGames.get(session.id, row.id)).toMatchObject({ player_count: 5, player_count_check_status: 'monitoring' })

    await b.sessionGames.stopPlayerCheck(session.id, row.id)
    expect(await a.monitorLeases.renew([row.id])).toEqual([])
    await a.sessionGames.recordPlayerCheck(row.id, { status: 'completed', playerCount: 8 }) // too late: ignored
    expect(await a.sessionGames.get(session.id, row.id)).toMatchObject({ player_count: 5, player_count_check_status: 'stopped' })

    // Starting again on B takes the lease from whoever held it.
    await a.sessionGames.startPlayerCheck(session.id, row.id)
    await b.sessionGames.startPlayerCheck(session.id, row.id)
    expect(await a.monitorLeases.renew([row.id])).toEqual([])
    expect(await b.monitorLeases.renew([row.id])).toEqual([row.id])
    await b.monitorLeases.release([row.id])
    expect((await a.monitorLeases.claim()).map((r) => r.id)).toEqual([row.id]) // a graceful stop hands over at once
  })

  test('the login limit counts failures seen by every server, within its window', async () => {
    for (let i = 0; i < LOGIN_LIMIT.maxFailures; i++) await (i % 2 ? a : b).logins.recordFailure('10.0.0.7')
    expect([await a.logins.isBlocked('10.0.0.7'), await b.logins.isBlocked('10.0.0.7')]).toEqual([true, true])
    expect(await a.logins.isBlocked('10.0.0.8')).toBe(false)
    clock.advance(LOGIN_LIMIT.windowMs)
    expect(await b.logins.isBlocked('10.0.0.7')).toBe(false)
  })
})
