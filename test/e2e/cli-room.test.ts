// `game-picker room CODE` and `room status`, on the database file and against a running serve,
// with the fake room service standing in for Jackbox.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type FakeEcast, startFakeEcast } from '../helpers/fake-ecast.ts'
import { assertCliBuilt, cli, cliJson, createTempDir, startServe } from '../helpers/cli.ts'
import { until } from '../helpers/until.ts'

const temp = createTempDir()
const cwd = temp.path
const KEY = 'test-admin-key'
let ecast: FakeEcast
let env: Record<string, string>

beforeAll(async () => {
  assertCliBuilt()
  ecast = await startFakeEcast()
  env = { GAME_PICKER_DB: 'rooms.sqlite', ECAST_URL: ecast.url }
  await cli(['init'], { cwd, env })
})
afterAll(async () => {
  await ecast.close()
  temp.remove()
})

const json = (args: string[]) => cliJson([...args, '--json'], { cwd, env })

test('locally: room CODE adds the game of its app tag; bad input fails with the API message; room status lists it', { timeout: 60_000 }, async () => {
  await cli(['sessions', 'start'], { cwd, env })
  ecast.createRoom('TEEK', { appTag: 'awshirt-tjsp', maxPlayers: 8 }).join('player', 'ANN')

  const added = await cli(['room', 'teek'], { cwd, env })
  expect(added).toMatchObject({ code: 0, stdout: 'Following room TEEK: Tee K.O. (The Jackbox Party Pack 3), session game 1 in session #1, lobby, 0 of 8 players.\n' })
  expect(await cli(['room', 'ab'], { cwd, env })).toMatchObject({ code: 1, stderr: 'error: room_code must be 4 letters or digits\n' })
  expect(await cli(['room', 'NONE'], { cwd, env })).toMatchObject({ code: 1, stderr: 'error: Room not found\n' })
  ecast.createRoom('ODD1', { appTag: 'no-such-game' })
  expect(await cli(['room', 'ODD1'], { cwd, env })).toMatchObject({ stderr: 'error: No game in the catalogue has the app tag no-such-game\n' })

  const status = await json(['room', 'status'])
  expect(status).toEqual([expect.objectContaining({ id: 1, title: 'Tee K.O.', room_code: 'TEEK', room: expect.objectContaining({ app_tag: 'awshirt-tjsp', state: 'lobby' }) })])
  expect((await cli(['room', 'status'], { cwd, env })).stdout).toMatch(/TEEK\s+Tee K\.O\.\s+awshirt-tjsp\s+lobby\s+playing\s+0 of 8/)
})

test('--remote: the server follows the room; room status shows the players; the same code answers the playing game', { timeout: 90_000 }, async () => {
  const server = await startServe([], { cwd, env: { ...env, ADMIN_KEY: KEY } })
  try {
    const remote = (args: string[]) => cliJson([...args, '--json', '--remote', server.url, '--key', KEY], { cwd, env })
    const room = ecast.createRoom('QPL3', { appTag: 'quiplash3', maxPlayers: 8 })
    room.join('player', 'BOB')
    const added = await remote(['room', 'QPL3'])
    expect(added).toMatchObject({ title: 'Quiplash 3', status: 'playing', room: { room_code: 'QPL3', app_tag: 'quiplash3' } })
    expect(await remote(['room', 'qpl3'])).toMatchObject({ id: added.id })
    const rows: any[] = await until(() => remote(['room', 'status']),
      (listed) => listed.find((row: any) => row.id === added.id)?.room.players.length === 1, 30_000, 100)
    expect(rows.find((row) => row.id === added.id).room.players).toEqual([{ name: 'BOB', connected: true }])
    expect(rows.find((row) => row.room.room_code === 'TEEK')).toMatchObject({ status: 'played' })
  } finally {
    await server.stop()
  }
})
