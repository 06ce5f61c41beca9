import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'

// An offline stand-in for Jackbox's ecast service (REST room info + room WebSockets) on 127.0.0.1,
// with what the room follower relies on: room info over REST, `here` and `client/welcome` on
// connect, `client/connected` / `client/disconnected`, `room/lock`, `room/exit` and error frames.
// Where each behaviour comes from (the facts gathered from the official jackbox.tv client and
// live captures of the real service):
// - room info: `GET /api/v2/rooms/{code}` answers `{ ok: true, body }` with `appTag`, `host`,
//   `locked`, `full`, `maxPlayers`, `audienceEnabled`...; an unknown or closed room answers 404
//   `{ ok: false, error: "no such room" }` (the official client's APIClient and GetRoomReply;
//   newer clients also read `maxPlayers`);
// - sockets need the `ecast-v0` subprotocol, `format=json` and a `name`; refusals are an
//   `error` frame with `pc` 0 (codes 2000, 1000, 2019, 2013, 2014, 2009, 2010 as captured live);
// - `client/welcome` lists `here` (id-keyed, roles with player names, the connecting client
//   left out, disconnected players kept: their slot is reserved); audience gets `here: null`;
// - `client/connected` / `client/disconnected` `{ id, role, name... }` reach shards (not players,
//   who only hear about the host); `room/lock` `{}` when the game starts; `room/exit`
//   `{ cause: 5 }` when the host ends the room, after which REST answers 404;
// - throttling shows as 403/429 with an empty body, and refused sockets as error 2420
//   "rate limit exceeded" (the official error table; IP blocks reported by room scanners).

export type EcastRole = 'host' | 'player' | 'audience' | 'shard'
interface Client { id: number; role: EcastRole; name: string; connected: boolean; socket?: WebSocket }
interface Room { code: string; appTag: string; maxPlayers: number; joinEvents: boolean; locked: boolean; pc: number; clients: Map<number, Client>; nextId: number; nextAudienceId: number }

export interface FakeRoomOptions {
  /** The game the room runs (default `quiplash3`). */
  appTag?: string
  maxPlayers?: number
  /** false: like Trivia Murder Party 2, shards are never told about joins and leaves. */
  joinEvents?: boolean
}

export interface FakeRoom {
  /** A controller joins without a real socket; returns its id. Audience gets no `here` entry. */
  join(role: 'player' | 'audience', name?: string): number
  /** Connection lost: `client/disconnected`, but players stay in `here` (slot reserved). */
  disconnect(id: number): void
  reconnect(id: number): void
  /** The game starts; `notify: false` sends no `room/lock`, so only REST shows `locked: true`. */
  lock(options?: { notify?: boolean }): void
  /** The host ends the room: `room/exit` (unless `notify: false`), sockets closed, REST 404 from now on. */
  exit(options?: { notify?: boolean }): void
}

export interface FakeEcast {
  readonly url: string
  /** Room-info requests answered so far. */
  readonly polls: number
  createRoom(code: string, options?: FakeRoomOptions): FakeRoom
  /** The next `count` room-info requests answer `status` with an empty body (403/429 throttling). */
  failNextPolls(count: number, status: number): void
  /** The next `count` WebSocket connections get this error frame instead of a welcome. */
  failNextSockets(count: number, code: number, msg: string): void
  /**
   * While on, the whole service is out: room info answers `status` (default 503) with an empty
   * body, open sockets are dropped and new ones get error 1003 "server is shutting down".
   */
  setOutage(on: boolean, status?: number): void
  /** Accepted sockets still open, optionally of one role. */
  openSockets(role?: EcastRole): number
  close(): Promise<void>
}

const AUDIENCE_FIRST_ID = 10_000_001 // real audience ids are above 1e7

/** `port`: 0 (default) takes any free port; the try-it script asks for a fixed one. */
export async function startFakeEcast(options: { port?: number } = {}): Promise<FakeEcast> {
  const rooms = new Map<string, Room>()
  const open = new Map<WebSocket, EcastRole>()
  const pollFailures: number[] = []
  const socketFailures: { code: number; msg: string }[] = []
  let polls = 0
  let outage: number | null = null

  const server = createServer((req, res) => {
    const code = /^\/api\/v2\/rooms\/([^/?]+)(?:\?|$)/.exec(req.url ?? '')?.[1]?.toUpperCase()
    if (req.method !== 'GET' || !code) return reply(res, 404, { ok: false, error: 'Not Found' })
    polls += 1
    if (outage !== null) return reply(res, outage, undefined)
    const failure = pollFailures.shift()
    if (failure) return reply(res, failure, undefined)
    const room = rooms.get(code)
    if (!room) return reply(res, 404, { ok: false, error: 'no such room' })
    reply(res, 200, { ok: true, body: roomInfo(room, host) })
  })
  const wss = new WebSocketServer({ server, handleProtocols: (offered) => (offered.has('ecast-v0') ? 'ecast-v0' : false) })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`

  wss.on('connection', (socket, req) => {
    const url = new URL(req.url ?? '/', `http://${host}`)
    const path = /^\/api\/v2\/(rooms|audience)\/([^/]+)\/play$/.exec(url.pathname)
    const room = rooms.get(path?.[2]?.toUpperCase() ?? '')
    const [role, name] = [url.searchParams.get('role') ?? '', url.searchParams.get('name') ?? '']
    const refuse = (code: number, msg: string) => {
      socket.send(JSON.stringify({ pc: 0, opcode: 'error', result: { code, msg } }))
      socket.close(1000)
    }
    if (outage !== null) return refuse(1003, 'server is shutting down')
    if (socket.protocol !== 'ecast-v0') return refuse(2000, 'missing Sec-WebSocket-Protocol header: ecast client error')
    if (url.searchParams.get('format') !== 'json') return refuse(1000, 'missing required querystring param: format')
    if (!name) return refuse(2019, 'missing name')
    if (!room) return refuse(2013, 'no such room: room not found')
    if (!(path?.[1] === 'audience' ? ['audience'] : ['player', 'shard']).includes(role)) {
      return refuse(2014, `no such role: ${role}: requested role does not exist`)
    }
    if (role === 'player' && room.locked) return refuse(2009, 'room is locked')
    if (role === 'player' && countPlayers(room) >= room.maxPlayers) return refuse(2010, 'room is full')
    const failure = socketFailures.shift()
    if (failure) return refuse(failure.code, failure.msg)
    const client = addClient(room, role as EcastRole, name, socket)
    open.set(socket, client.role)
    send(room, [client], 'client/welcome', welcome(room, client))
    socket.on('close', () => {
      open.delete(socket)
      if (client.role === 'player') return dropClient(room, client)
      room.clients.delete(client.id)
    })
  })

  function createRoom(code: string, options: FakeRoomOptions = {}): FakeRoom {
    const room: Room = { code: code.toUpperCase(), appTag: options.appTag ?? 'quiplash3', maxPlayers: options.maxPlayers ?? 8, joinEvents: options.joinEvents ?? true, locked: false, pc: 0, clients: new Map(), nextId: 1, nextAudienceId: AUDIENCE_FIRST_ID }
    rooms.set(room.code, room)
    addClient(room, 'host', 'host')
    const clientOf = (id: number) => room.clients.get(id)!
    return {
      join: (role, name = `${role}-${room.nextId}`) => addClient(room, role, name).id,
      disconnect: (id) => dropClient(room, clientOf(id)),
      reconnect(id) {
        const client = clientOf(id)
        client.connected = true
        announce(room, client, 'client/connected', { id, userId: `user-${id}`, name: client.name, role: client.role, reconnect: true })
      },
      lock({ notify = true } = {}) {
        room.locked = true
        if (notify) send(room, sockets(room), 'room/lock', {})
      },
      exit({ notify = true } = {}) {
        rooms.delete(room.code)
        if (notify) send(room, sockets(room), 'room/exit', { cause: 5 })
        for (const client of sockets(room)) client.socket?.close(1000)
      },
    }
  }

  return {
    url: `http://${host}`,
    get polls() {
      return polls
    },
    createRoom,
    failNextPolls: (count, status) => pollFailures.push(...Array<number>(count).fill(status)),
    failNextSockets: (count, code, msg) => socketFailures.push(...Array.from({ length: count }, () => ({ code, msg }))),
    setOutage(on, status = 503) {
      outage = on ? status : null
      if (on) for (const socket of wss.clients) socket.terminate()
    },
    openSockets: (role) => [...open.values()].filter((r) => !role || r === role).length,
    async close() {
      for (const socket of wss.clients) socket.terminate()
      await new Promise((resolve) => wss.close(resolve))
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

function addClient(room: Room, role: EcastRole, name: string, socket?: WebSocket): Client {
  const id = role === 'audience' ? room.nextAudienceId++ : room.nextId++
  const client: Client = { id, role, name, connected: true, socket }
  room.clients.set(id, client)
  if (role === 'player') announce(room, client, 'client/connected', { id, userId: `user-${id}`, name, role, reconnect: false })
  return client
}

function dropClient(room: Room, client: Client) {
  if (!client.connected) return
  client.connected = false
  client.socket?.close(1000)
  announce(room, client, 'client/disconnected', { id: client.id, role: client.role })
}

/** Shards hear about joins and leaves (unless the game is silent); players only about the host. */
function announce(room: Room, subject: Client, opcode: string, result: object) {
  const hears = (client: Client) => (client.role === 'shard' && room.joinEvents) || (client.role === 'player' && subject.role === 'host')
  send(room, sockets(room).filter((client) => client !== subject && hears(client)), opcode, result)
}

function welcome(room: Room, self: Client) {
  const entry = (client: Client) => ({ id: client.id, roles: { [client.role]: client.role === 'player' ? { name: client.name } : {} } })
  const others = [...room.clients.values()].filter((client) => client !== self && client.role !== 'audience')
  const audience = self.role === 'audience'
  return {
    id: self.id, name: self.name, secret: `secret-${self.id}`, reconnect: false, deviceId: `device-${self.id}`,
    entities: { 'bc:room': ['object', { key: 'bc:room', val: { state: room.locked ? 'Gameplay' : 'Lobby' }, version: 1, from: 1 }, { locked: false }] },
    here: audience ? null : Object.fromEntries(others.map((client) => [String(client.id), entry(client)])),
    profile: audience ? null : entry(self),
  }
}

function roomInfo(room: Room, host: string) {
  return {
    appId: 'fake-app-id', appTag: room.appTag, audienceEnabled: true, code: room.code, host, audienceHost: host,
    locked: room.locked, full: countPlayers(room) >= room.maxPlayers, maxPlayers: room.maxPlayers, minPlayers: 0,
    moderationEnabled: false, passwordRequired: false, twitchLocked: false, locale: 'en', keepalive: false, controllerBranch: '',
  }
}

const countPlayers = (room: Room) => [...room.clients.values()].filter((client) => client.role === 'player').length
const sockets = (room: Room) => [...room.clients.values()].filter((client) => client.socket && client.connected)

function send(room: Room, clients: Client[], opcode: string, result: object) {
  const frame = JSON.stringify({ pc: room.pc++, opcode, result })
  for (const client of clients) client.socket?.send(frame)
}

function reply(res: ServerResponse, status: number, body: object | undefined) {
  res.writeHead(status, body ? { 'content-type': 'application/json' } : {}).end(body ? JSON.stringify(body) : '')
}
