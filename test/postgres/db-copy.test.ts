// game-picker db copy: a file's whole history into an empty PostgreSQL database and back, ids,
// counters and id counters included, through the built binary.
import { join } from 'node:path'
import { type Core, createCore, type Store } from '@game-picker/core'
import { createSqliteStore } from '@game-picker/sqlite'
import { createPostgresStore } from '@game-picker/postgres'
import { beforeAll, expect, test } from 'vitest'
import { recordEvening } from '../contracts/store-scenario.ts'
import { assertCliBuilt, cli } from '../helpers/cli.ts'
import { createTestDatabase } from '../helpers/postgres.ts'
import { tempDir } from '../helpers/tmp-dir.ts'
import { TEST_SECRET_KEY } from '../helpers/secret-key.ts'

beforeAll(assertCliBuilt)

/** What the API shows of a database, as JSON text. */
async function snapshot(store: Store): Promise<string> {
  const core = createCore({ secretKey: TEST_SECRET_KEY, store, now: () => new Date('2026-12-01T00:00:00.000Z') }) // the export's exported_at
  const sessions = await core.sessions.list()
  return JSON.stringify({
    games: await core.games.list(), packs: await core.packs.list(), stats: await core.stats(), sessions,
    rows: await Promise.all(sessions.map((session) => core.sessionGames.list(session.id))),
    exports: await Promise.all(sessions.map((session) => core.exportSession(session.id, 'json'))),
    webhooks: await core.webhooks.list(), logs: await core.webhooks.logs(1), events: await core.events.after(0, 1000),
    queue: await core.queue.get(),
  })
}

/** Opens, reads what `fn` wants and closes: a file has one writer at a time. */
async function withCore<T>(open: () => Promise<Store>, fn: (core: Core, store: Store) => Promise<T>): Promise<T> {
  const store = await open()
  try {
    return await fn(createCore({ secretKey: TEST_SECRET_KEY, store }), store)
  } finally {
    await store.close()
  }
}

test('a file copied to PostgreSQL and back answers the same, and no id is handed out twice', { timeout: 60_000 }, async () => {
  const cwd = tempDir()
  const file = join(cwd, 'night.sqlite')
  await withCore(() => createSqliteStore({ file }), async (core, store) => {
    await recordEvening(store) // leaves session 2 open and one game, 65, in the catalogue
    const row = await core.sessionGames.add(2, { game_id: 65, room_code: 'ABCD' })
    const at = (ms: number) => new Date(Date.parse(row.played_at) + ms).toISOString()
    await core.votes.live({ username: 'ann', vote: 'up', timestamp: at(1000) })
    await core.importChat(2, { chatData: [{ username: 'bob', message: 'thisgame--', timestamp: at(5000) }] })
    const gone = await core.games.create({ pack_name: 'P', title: 'Gone', min_players: 1, max_players: 2 })
    await core.games.remove(gone.id) // the newest game: its id stays used
    await core.queue.open({ host_players: 2 })
    await core.queue.add({ name: 'Zoë' })
    await core.queue.seat({ count: 1 })
  })
  const expected = await withCore(() => createSqliteStore({ file }), (_core, store) => snapshot(store))
  const url = await createTestDatabase()

  const copied = await cli(['db', 'copy', '--from', file, '--to', url], { cwd })
  expect(copied.code).toBe(0)
  expect(copied.stdout).toMatch(/^Copied .*night\.sqlite to postgres:\/\/\w+@127\.0\.0\.1:\d+\/\w+: \d+ rows in 23 tables, each checked against the source\.\n/)
  expect(copied.stdout).not.toContain(new URL(url).password)
  expect(copied.stdout).toMatch(/\n {2}packs +20\n {2}games +1\n {2}sessions +1\n {2}session_games +1\n {2}chat_messages +1\n {2}votes +2\n/)
  expect(await withCore(() => createPostgresStore({ url, log: () => {} }), (_core, store) => snapshot(store))).toBe(expected)

  const back = join(cwd, 'back.sqlite')
  const json = await cli(['db', 'copy', '--from', url, '--to', back, '--json'], { cwd })
  expect(JSON.parse(json.stdout)).toMatchObject({ to: back, tables: { games: 1, packs: 20, sessions: 1 } })
  expect(await withCore(() => createSqliteStore({ file: back }), (_core, store) => snapshot(store))).toBe(expected)

  const newGame = { pack_name: 'P', title: 'After the copy', min_players: 1, max_players: 2 }
  for (const open of [() => createSqliteStore({ file }), () => createPostgresStore({ url, log: () => {} }), () => createSqliteStore({ file: back })]) {
    expect(await withCore(open, async (core) => (await core.games.create(newGame)).id)).toBe(67)
  }
})

test('a target that is not empty is refused, and nothing is written', async () => {
  const cwd = tempDir()
  const file = join(cwd, 'source.sqlite')
  await withCore(() => createSqliteStore({ file }), (core) => core.importBuiltin())
  const url = await createTestDatabase()
  await withCore(() => createPostgresStore({ url, log: () => {} }), (core) => core.sessions.start())

  const refused = await cli(['db', 'copy', '--from', file, '--to', url], { cwd })
  expect(refused).toMatchObject({ code: 1, stdout: '' })
  expect(refused.stderr).toMatch(/^error: postgres:\/\/\w+@[^ ]+ is not empty \(sessions: 1, events: 1\); db copy writes only into an empty database\.\n$/)
  expect(await withCore(() => createPostgresStore({ url, log: () => {} }), (core) => core.games.list())).toEqual([])

  expect(await cli(['db', 'copy', '--from', file, '--to', file], { cwd })).toMatchObject({ code: 2 })
  expect(await cli(['db', 'copy', '--from', join(cwd, 'missing.sqlite'), '--to', url], { cwd }))
    .toMatchObject({ code: 1, stderr: `error: There is no database file at ${join(cwd, 'missing.sqlite')}.\n` })
})
