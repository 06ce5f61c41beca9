// One read-only shard WebSocket to a room (`ws`, protocol ecast-v0), its frames turned into events.
import { createRequire } from 'node:module'
import type WebSocket from 'ws'

// Loaded on the first connection, so a server that watches no room never carries ws.
let webSocketClass: typeof WebSocket | undefined
const loadWebSocket = () => (webSocketClass ??= createRequire(import.meta.url)('ws') as typeof WebSocket)

/** What the follower needs to know from one ecast WebSocket: the players, the lock, the end. */
export type RoomSocketEvent =
  | { type: 'welcome'; players: { id: number; name: string }[] }
  | { type: 'joined'; id: number; name: string }
  | { type: 'left'; id: number }
  | { type: 'locked' }
  | { type: 'exited' }
  | { type: 'error'; code: number; message: string }
  | { type: 'closed'; reason: string }

export interface RoomSocket {
  /** Closes politely; no events are delivered afterwards. */
  close(): void
}

const HANDSHAKE_TIMEOUT_MS = 10_000

/** Opens one read-only `shard` connection (the URL carries the role) and reports frames as events. */
export function openRoomSocket(url: string, onEvent: (event: RoomSocketEvent) => void): RoomSocket {
  const socket = new (loadWebSocket())(url, 'ecast-v0', { handshakeTimeout: HANDSHAKE_TIMEOUT_MS })
  let closedByUs = false
  let lastError = ''
  const emit = (event: RoomSocketEvent) => {
    if (!closedByUs) onEvent(event)
  }

  socket.on('message', (data) => {
    const event = parseFrame(String(data))
    if (event) emit(event)
  })
  // Always listened to: an unhandled 'error' on a ws socket would crash the process.
  socket.on('error', (error) => {
    lastError = error.message
  })
  socket.on('close', (code) => {
    emit({ type: 'closed', reason: lastError || `close code ${code}` })
  })

  return {
    close() {
      closedByUs = true
      socket.close(1000)
    },
  }
}

interface Frame {
  opcode?: string
  type?: string // the official client accepts either name
  result?: Record<string, unknown> | null
}

/** Translates one text frame; frames that do not matter for following the room give undefined. */
export function parseFrame(text: string): RoomSocketEvent | undefined {
  let frame: Frame
  try {
    frame = JSON.parse(text) as Frame
  } catch {
    return undefined
  }
  const result = frame?.result ?? {}
  const id = Number(result.id)
  switch (frame?.opcode ?? frame?.type) {
    case 'client/welcome':
      return { type: 'welcome', players: readPlayers(result.here) }
    case 'client/connected':
      return result.role === 'player' ? { type: 'joined', id, name: String(result.name ?? '') } : undefined
    case 'client/disconnected':
      return result.role === 'player' ? { type: 'left', id } : undefined
    case 'client/kicked':
      return { type: 'left', id } // carries no role; forgetting a non-player id is harmless
    case 'room/lock':
      return { type: 'locked' }
    case 'room/exit':
      return { type: 'exited' }
    case 'error':
      return { type: 'error', code: Number(result.code), message: String(result.msg ?? '') }
    default:
      return undefined
  }
}

/** The `here` entries with the player role, with their names; host, moderator, shard and audience never count. */
function readPlayers(here: unknown): { id: number; name: string }[] {
  if (typeof here !== 'object' || here === null) return [] // audience connections get `here: null`
  const players: { id: number; name: string }[] = []
  for (const [key, entry] of Object.entries(here as Record<string, { id?: unknown; roles?: Record<string, { name?: unknown }> }>)) {
    const player = entry?.roles?.player
    if (player) players.push({ id: Number(entry.id ?? key), name: String(player.name ?? '') })
  }
  return players
}
