// Several instances (stores with pools of their own) on one PostgreSQL database: the rules that
// hold inside one process hold across them, enforced by the database.
import { type Core, createCore, isDomainError, type Store } from '@game-picker/core'
import { createPostgresStore, type PostgresStore } from '@game-picker/postgres'
import pg from 'pg'
import { afterEach, describe, expect, test } from 'vitest'
import { CHANNEL } from '../../packages/postgres/src/changes.ts'
import { migrations } from '../../packages/postgres/src/schema.ts'
import { createTestDatabase } from '../helpers/postgres.ts'
import { until } from '../helpers/until.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

const opened: Store[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()))
})

async function instances(count: number, url?: string): Promise<{ url: string; cores: Core[]; stores: PostgresStore[] }> {
  const database = url ?? await createTestDatabase()
  const stores = await Promise.all(Array.from({ length: count }, () => createPostgresStore({ url: database, log: () => {}, holdCaches: true })))
  opened.push(...stores)
  return { url: database, stores, cores: stores.map((store, i) => createCore({ secretKey: TEST_SECRET_KEY, store, instanceId: `instance-${i}` })) }
}

/** Settled results as `ok` or the domain error's code and message (anything else fails the test). */
async function outcomes<T>(calls: Promise<T>[]): Promise<(T | string)[]> {
  return Promise.all(calls.map((call) => call.catch((error) => {
    if (!isDomainError(error)) throw error
    return `${error.code}: ${error.message}`
  })))
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end()
  }
}

describe('instances on one database', () => {
  test('starting at the same moment on an empty database, they migrate and load the catalogue once', async () => {
    const url = await createTestDatabase({ schema: 'none' })
    let seeded = 0
    const stores = await Promise.all(Array.from({ length: 4 }, () => createPostgresStore({
      url, log: () => {},
      onCreate: async (store) => { seeded += (await createCore({ secretKey: TEST_SECRET_KEY, store }).importBuiltin()).count },
    })))
    opened.push(...stores)
    expect(stores.filter((store) => store.created)).toHaveLength(1)
    expect(seeded).toBe(62)
    for (const store of stores) expect(await createCore({ secretKey: TEST_SECRET_KEY, store }).games.list()).toHaveLength(62)
    // Each migration ran once, whoever ran it.
    expect(await query(url, 'SELECT version FROM schema_migrations ORDER BY version')).toEqual(migrations.map((_, index) => ({ version: index + 1 })))
    // An ordinary role that owns its database: no superuser, no extension beyond the built-in PL/pgSQL.
    expect(await query(url, 'SELECT rolsuper FROM pg_roles WHERE rolname = current_user')).toEqual([{ rolsuper: false }])
    expect(await query(url, "SELECT extname FROM pg_extension WHERE extname <> 'plpgsql'")).toEqual([])
  })

  test('concurrent session starts across instances give one session and the exact 400 to the rest', async () => {
    const { cores } = await instances(3)
    const results = await outcomes(Array.from({ length: 12 }, (_, i) => cores[i % 3].sessions.start({ notes: `n${i}` })))
    const started = results.filter((result) => typeof result !== 'string')
    expect(started).toHaveLength(1)
    expect(results.filter((result) => result === 'INVALID_INPUT: An active session already exists. Please close it first.')).toHaveLength(11)
    await expect(cores[2].sessions.start()).rejects.toMatchObject({ details: { activeSessionId: (started[0] as { id: number }).id } })
    expect(await cores[1].sessions.list()).toHaveLength(1)
  })

  test('concurrent adds to a session across instances leave exactly one playing row', async () => {
    const { cores } = await instances(2)
    const games = await Promise.all(['A', 'B', 'C', 'D', 'E', 'F'].map((title) =>
      cores[0].games.create({ pack_name: 'P', title, min_players: 1, max_players: 8 })))
    const session = await cores[0].sessions.start()
    await Promise.all(games.map((game, i) => cores[i % 2].sessionGames.add(session.id, { game_id: game.id })))
    const rows = await cores[1].sessionGames.list(session.id)
    expect(rows).toHaveLength(6)
    expect(rows.filter((row) => row.status === 'playing')).toHaveLength(1)
    expect((await cores[0].games.list()).map((game) => game.play_count)).toEqual([1, 1, 1, 1, 1, 1])
  })

  test('the same game created at once on two instances exists once; the other gets the 409', async () => {
    const { cores } = await instances(2)
    const input = { pack_name: 'House', title: 'Charades', min_players: 2, max_players: 10 }
    const results = await outcomes(Array.from({ length: 6 }, (_, i) => cores[i % 2].games.create(input)))
    expect(results.filter((result) => typeof result !== 'string')).toHaveLength(1)
    expect(results.filter((result) => result === 'CONFLICT: A game with this title already exists in this pack')).toHaveLength(5)
    expect(await cores[1].packs.list()).toMatchObject([{ name: 'House' }])
  })

  test('votes from both instances all count: the counters are kept by the database', async () => {
    const { cores } = await instances(2)
    const game = await cores[0].games.create({ pack_name: 'P', title: 'T', min_players: 1, max_players: 8 })
    const session = await cores[0].sessions.start()
    const row = await cores[1].sessionGames.add(session.id, { game_id: game.id })
    const at = (ms: number) => new Date(Date.parse(row.played_at) + ms).toISOString()
    await Promise.all(Array.from({ length: 20 }, (_, i) =>
      cores[i % 2].votes.live({ username: `viewer${i}`, vote: i < 15 ? 'up' : 'down', timestamp: at(1000 + i) })))
    expect(await cores[0].games.get(game.id)).toMatchObject({ upvotes: 15, downvotes: 5, popularity_score: 10, play_count: 1 })
  })

  test('votes that arrive together share a statement yet answer one by one: each counts once, a repeat is the 409', async () => {
    const { cores } = await instances(2)
    const game = await cores[0].games.create({ pack_name: 'P', title: 'T', min_players: 1, max_players: 8 })
    const session = await cores[0].sessions.start()
    const row = await cores[1].sessionGames.add(session.id, { game_id: game.id })
    const at = (ms: number) => new Date(Date.parse(row.played_at) + ms).toISOString()
    // 60 viewers at once on each instance (more than its statements in flight), each voting twice
    // within the duplicate window: one vote each counts, the other is refused.
    const results = await outcomes(Array.from({ length: 240 }, (_, i) => {
      const viewer = i % 120
      return cores[i % 2].votes.live({ username: `viewer${viewer}`, vote: viewer < 90 ? 'up' : 'down', timestamp: at(2000 + (i < 120 ? 0 : 300)) })
    }))
    const recorded = results.filter((result) => typeof result !== 'string') as { game: { upvotes: number; downvotes: number } }[]
    expect(recorded).toHaveLength(120)
    expect(results.filter((result) => result === 'CONFLICT: Duplicate vote')).toHaveLength(120)
    // Each answer counts its own vote and what had committed before it (votes committing at the
    // same moment do not wait for each other, so two answers may show the same totals).
    for (const { game } of recorded) expect(game.upvotes + game.downvotes).toBeGreaterThanOrEqual(1)
    for (const { game } of recorded) expect(game.upvotes + game.downvotes).toBeLessThanOrEqual(120)
    expect(await cores[1].games.get(game.id)).toMatchObject({ upvotes: 90, downvotes: 30, popularity_score: 60 })
  })

  test('a write on one instance is read on the other at once; an unchanged catalogue is the same array', async () => {
    const { stores, cores } = await instances(2)
    const listGames = (store: Store) => store.read((tx) => tx.listGames())
    const before = await listGames(stores[1])
    expect(await listGames(stores[1])).toBe(before) // the core memoizes on this identity
    await cores[0].games.create({ pack_name: 'P', title: 'New', min_players: 1, max_players: 8 })
    const after = await listGames(stores[1])
    expect(after.map((game) => game.title)).toEqual(['New'])
    await cores[0].sessions.start()
    await cores[0].games.toggle(after[0].id)
    expect((await listGames(stores[1]))[0].enabled).toBe(0)
  })

  test('event ids commit in order: an event never appears below one a reader already saw', async () => {
    const { stores } = await instances(2)
    const event = (type: string) => ({ type, body: '{}', created_at: new Date().toISOString() })
    // The slow transaction writes its event first and commits last, once the fast one committed and
    // was read: the order is held by the test, not by a pause a busy machine may outlast.
    let inserted!: () => void
    let release!: () => void
    const slowInserted = new Promise<void>((resolve) => { inserted = resolve })
    const released = new Promise<void>((resolve) => { release = resolve })
    const slow = stores[0].transaction(async (tx) => {
      await tx.insertEvent(event('slow'))
      await tx.getSetting('') // sends the insert now
      inserted()
      await released
    })
    await slowInserted
    await stores[1].transaction(async (tx) => void await tx.insertEvent(event('fast')))
    const seenWhenFastCommitted = await stores[1].read((tx) => tx.listEventsAfter(0, 10))
    release()
    await slow
    const seenAfter = await stores[0].read((tx) => tx.listEventsAfter(0, 10))
    expect(seenWhenFastCommitted.map((row) => row.type)).toEqual(['fast'])
    // The slow event, committed later, comes after: a reader that resumes after 'fast' gets it.
    expect(seenAfter.map((row) => row.type)).toEqual(['fast', 'slow'])
    expect(await stores[1].read((tx) => tx.listEventsAfter(seenWhenFastCommitted[0].id, 10))).toEqual([seenAfter[1]])
  })

  test('each due delivery is claimed by one instance', async () => {
    const { cores } = await instances(2)
    await cores[0].webhooks.create({ name: 'bot', url: 'http://127.0.0.1:9/h', secret: 's', events: ['game.added'] })
    for (let i = 0; i < 20; i++) await cores[0].webhooks.test(1)
    const now = new Date(Date.now() + 1000).toISOString()
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => cores[i % 2].deliveries.claimDue(now, 5)))
    const ids = claims.flat().map((delivery) => delivery.id)
    expect(ids).toHaveLength(20)
    expect(new Set(ids).size).toBe(20)
  })

  test('an instance hears what another committed (LISTEN/NOTIFY), never its own commits', async () => {
    const { url, cores } = await instances(2)
    const heard: string[][] = [[], []]
    cores.forEach((core, i) => {
      core.onChange('events', () => heard[i].push('events'))
      core.onChange('deliveries', () => heard[i].push('deliveries'))
    })
    // Both are listening: each instance's LISTEN connection (opened when its core subscribed) has
    // run its LISTEN, as the server sees it. A fixed pause could end first on a busy machine, and
    // a commit before that goes unheard.
    await until(() => query<{ n: number }>(url, `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND state = 'idle' AND query = 'LISTEN ${CHANNEL}'`), ([row]) => row.n === 2)
    await cores[0].webhooks.create({ name: 'bot', url: 'http://127.0.0.1:9/h', secret: 's', events: ['session.started'] })
    await cores[0].sessions.start()
    await until(() => heard[1], (seen) => seen.length >= 2)
    expect(heard[1].sort()).toEqual(['deliveries', 'events'])
    expect(heard[0].sort()).toEqual(['deliveries', 'events']) // its own, from the core after commit, once
  })

  test('one viewer queue across instances: racing joins and adds keep each viewer once and never pass 200', async () => {
    const { cores } = await instances(3)
    await cores[0].sessions.start()
    await cores[1].queue.open()
    // The same five viewers joining on every instance at once, and the same names added by hand.
    const viewers = ['ann', 'bob', 'cat', 'dan', 'eve']
    const joins = await outcomes(cores.flatMap((core) => viewers.map((user) => core.queue.join({ user, name: user }))))
    expect(joins.filter((joined) => typeof joined === 'object' && joined.kind === 'joined')).toHaveLength(5)
    const adds = await outcomes(cores.map((core) => core.queue.add({ name: 'Friend' })))
    expect(adds.filter((added) => typeof added === 'string')).toEqual(['CONFLICT: Already in the queue', 'CONFLICT: Already in the queue'])
    // 194 more places, 300 viewers racing for them on three instances.
    const racers = Array.from({ length: 300 }, (_, i) => ({ user: `racer${i}`, name: `Racer ${i}` }))
    const raced = await outcomes(racers.map((viewer, i) => cores[i % 3].queue.join(viewer)))
    expect(raced.filter((joined) => typeof joined === 'object' && joined.kind === 'joined')).toHaveLength(194)
    const queue = await cores[2].queue.get()
    expect(queue.entries).toHaveLength(200)
    expect(new Set(queue.entries.map((entry) => entry.user)).size).toBe(200)
    expect(queue.entries.map((entry) => entry.position)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1))
    // Seating on two instances at once seats different viewers.
    await Promise.all([cores[0].queue.seat({ count: 3 }), cores[1].queue.seat({ count: 3 })])
    const seated = (await cores[2].queue.get()).entries.filter((entry) => entry.state === 'seated')
    expect(new Set(seated.map((entry) => entry.id)).size).toBe(6)
  })
})
