import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeEcast, type FakeEcast } from '../../../../test/helpers/fake-ecast.ts'
import { until } from '../../../../test/helpers/until.ts'
import { openRoomSocket, parseFrame, type RoomSocketEvent } from './room-socket.ts'

const frame = (opcode: string, result: unknown) => JSON.stringify({ pc: 3, opcode, result })

describe('parseFrame', () => {
  it.each<[string, string, RoomSocketEvent | undefined]>([
    ['welcome counts only player entries', frame('client/welcome', { id: 9, here: {
      1: { id: 1, roles: { host: {} } }, 2: { id: 2, roles: { player: { name: 'A' } } }, 3: { id: 3, roles: { moderator: {} } },
      4: { id: 4, roles: { shard: {} } }, 5: { id: 5, roles: { player: { name: 'B' }, kicked: {} } } } }), { type: 'welcome', players: [{ id: 2, name: 'A' }, { id: 5, name: 'B' }] }],
    ['audience welcome has here: null', frame('client/welcome', { id: 10000001, here: null, profile: null }), { type: 'welcome', players: [] }],
    ['player connected', frame('client/connected', { id: 6, role: 'player', name: 'C', reconnect: false }), { type: 'joined', id: 6, name: 'C' }],
    ['host reconnected is not a player', frame('client/connected', { id: 1, role: 'host', reconnect: true }), undefined],
    ['player disconnected', frame('client/disconnected', { id: 6, role: 'player' }), { type: 'left', id: 6 }],
    ['host disconnected is not a player', frame('client/disconnected', { id: 1, role: 'host' }), undefined],
    ['kicked', frame('client/kicked', { id: 6, banned: false }), { type: 'left', id: 6 }],
    ['lock', frame('room/lock', {}), { type: 'locked' }],
    ['exit', frame('room/exit', { cause: 5 }), { type: 'exited' }],
    ['error', frame('error', { code: 2420, msg: 'rate limit exceeded' }), { type: 'error', code: 2420, message: 'rate limit exceeded' }],
    ['"type" instead of "opcode"', JSON.stringify({ pc: 1, type: 'room/lock', result: {} }), { type: 'locked' }],
    ['entity update', frame('object', { key: 'bc:room', val: {} }), undefined],
    ['not JSON', '<html>', undefined],
    ['JSON null', 'null', undefined],
  ])('%s', (_name, text, expected) => {
    expect(parseFrame(text)).toEqual(expected)
  })
})

describe('openRoomSocket against the fake ecast', () => {
  let ecast: FakeEcast
  beforeEach(async () => {
    ecast = await startFakeEcast()
  })
  afterEach(() => ecast.close())

  function connect(path: string) {
    const events: RoomSocketEvent[] = []
    const socket = openRoomSocket(`${ecast.url.replace('http', 'ws')}${path}`, (event) => events.push(event))
    return { socket, events }
  }
  const shardPath = (code: string) => `/api/v2/rooms/${code}/play?role=shard&name=GamePicker&format=json`

  it('welcomes a shard with the players in here, then follows joins, leaves, lock and exit', async () => {
    const room = ecast.createRoom('ABCD')
    room.join('player')
    room.join('audience')
    const { events } = connect(shardPath('ABCD'))
    await expect.poll(() => events).toEqual([{ type: 'welcome', players: [{ id: 2, name: 'player-2' }] }])
    const id = room.join('player')
    room.disconnect(id)
    room.disconnect(1) // the host: not a player event
    room.lock()
    room.exit()
    await expect.poll(() => events.at(-1)).toMatchObject({ type: 'closed' })
    expect(events.slice(1).map((event) => event.type)).toEqual(['joined', 'left', 'locked', 'exited', 'closed'])
  })

  it('gets here: null as audience, so nobody is counted', async () => {
    ecast.createRoom('ABCD').join('player')
    const { events } = connect('/api/v2/audience/ABCD/play?role=audience&name=x&format=json')
    await expect.poll(() => events[0]).toEqual({ type: 'welcome', players: [] })
  })

  it.each([
    ['unknown room', '/api/v2/rooms/WXYZ/play?role=shard&name=x&format=json', 2013],
    ['bad role', '/api/v2/rooms/ABCD/play?role=spectator&name=x&format=json', 2014],
    ['audience role on the rooms path', '/api/v2/rooms/ABCD/play?role=audience&name=x&format=json', 2014],
    ['missing format', '/api/v2/rooms/ABCD/play?role=shard&name=x', 1000],
    ['missing name', '/api/v2/rooms/ABCD/play?role=shard&format=json', 2019],
  ])('reports the error frame for %s, then the close', async (_name, path, expected) => {
    ecast.createRoom('ABCD')
    const { events } = connect(path)
    await expect.poll(() => events.map((event) => event.type)).toEqual(['error', 'closed'])
    expect(events[0]).toMatchObject({ code: expected })
  })

  it.each([
    ['locked', 2009, { maxPlayers: 8 }],
    ['full', 2010, { maxPlayers: 1 }],
  ])('refuses a player when the room is %s (%i)', async (state, code, options) => {
    const room = ecast.createRoom('ABCD', options)
    room.join('player')
    if (state === 'locked') room.lock()
    const { events } = connect('/api/v2/rooms/ABCD/play?role=player&name=p&format=json')
    await expect.poll(() => events[0]).toMatchObject({ type: 'error', code })
  })

  it('asks for the ecast-v0 subprotocol, without which the room service refuses it (2000)', async () => {
    ecast.createRoom('ABCD')
    const { events } = connect(shardPath('ABCD'))
    await until(() => events.length, (count) => count > 0)
    expect(events).toEqual([{ type: 'welcome', players: [] }])
    expect(ecast.openSockets('shard')).toBe(1)
  })

  it('closes quietly when asked, and the server sees it', async () => {
    ecast.createRoom('ABCD')
    const { socket, events } = connect(shardPath('ABCD'))
    await expect.poll(() => ecast.openSockets('shard')).toBe(1)
    socket.close()
    await expect.poll(() => ecast.openSockets('shard')).toBe(0)
    expect(events.map((event) => event.type)).toEqual(['welcome'])
  })

  it('can be closed while still connecting, without an error or an event', async () => {
    ecast.createRoom('ABCD')
    const { socket, events } = connect(shardPath('ABCD'))
    socket.close()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(events).toEqual([])
    expect(ecast.openSockets()).toBe(0)
  })
})
