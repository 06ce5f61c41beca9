// One anonymous, read-only connection to a Twitch channel's chat: IRC over a WebSocket, as
// Twitch's own web chat speaks it. It asks for message tags (the sender's name, the message's
// own id and time), logs in as `justinfanNNNNN` (Twitch's read-only guest), joins the channel,
// answers PING, follows RECONNECT, and reconnects by itself after any drop: after 1 s, doubling
// up to 30 s, back to 1 s once a connection has joined again.
import { createRequire } from 'node:module'
import type WebSocket from 'ws'
import { createBackoff } from '../common/backoff.ts'
import { type Clock, systemClock, type ChatConnectorState } from '@game-picker/core'
import { nickOf, parseIrcLine } from './irc.ts'

let webSocketClass: typeof WebSocket | undefined
const loadWebSocket = () => (webSocketClass ??= createRequire(import.meta.url)('ws') as typeof WebSocket)

export const DEFAULT_TWITCH_CHAT_URL = 'wss://irc-ws.chat.twitch.tv:443'
const RETRY = { firstMs: 1000, maxMs: 30_000 }
/** Twitch sends PING about every five minutes: a connection silent for longer is gone. */
const SILENCE_MS = 6 * 60_000
const HANDSHAKE_TIMEOUT_MS = 10_000

/** A chat line as the connector uses it. */
export interface ChatLine {
  /** Twitch's own id of the message (the `id` tag); null when absent. */
  id: string | null
  /** The sender's login name (lower case). */
  login: string
  /** The sender's display name (the `display-name` tag: capitals, or a localized name such as "Zoë"); the login when empty. */
  name: string
  text: string
  /** When Twitch received it (`tmi-sent-ts`), ISO; the arrival time when the tag is missing. */
  sentAt: string
}

export interface ChatConnectionOptions {
  url: string
  channel: string
  onLine(line: ChatLine): void
  /** connecting (first attempt), connected (joined), reconnecting (dropped; trying again). */
  onState(state: ChatConnectorState): void
  clock?: Clock
  log?: (line: string) => void
}

export interface ChatConnection {
  /** Ends the connection for good; no more lines or states are reported. */
  close(): void
}

export function openChatConnection(options: ChatConnectionOptions): ChatConnection {
  const { url, channel, onLine, onState } = options
  const clock = options.clock ?? systemClock
  const log = options.log ?? (() => {})
  const backoff = createBackoff(RETRY.maxMs)
  const room = `#${channel}`
  let socket: WebSocket | undefined
  let closed = false
  let retryTimer: unknown
  let silenceTimer: unknown
  let joined = false

  function connect(): void {
    if (closed) return
    const nick = `justinfan${10_000 + Math.floor(Math.random() * 80_000)}`
    let current: WebSocket
    try {
      current = new (loadWebSocket())(url, { handshakeTimeout: HANDSHAKE_TIMEOUT_MS })
    } catch (error) {
      socket = undefined
      return drop(`cannot connect to ${url}: ${(error as Error).message}`, false)
    }
    socket = current
    joined = false
    const send = (line: string) => current.send(`${line}\r\n`)
    current.on('open', () => {
      send('CAP REQ :twitch.tv/tags twitch.tv/commands')
      send('PASS SCHMOOPIIE') // any password: guests are not checked
      send(`NICK ${nick}`)
      send(`JOIN ${room}`)
      heard()
    })
    current.on('message', (data) => {
      if (current !== socket) return
      heard()
      for (const text of String(data).split('\r\n')) {
        const message = parseIrcLine(text)
        if (!message) continue
        switch (message.command) {
          case 'PING': send(`PONG :${message.params.at(-1) ?? 'tmi.twitch.tv'}`); break
          case 'RECONNECT': drop('the server asked to reconnect', true); return
          case 'JOIN':
            if (nickOf(message.prefix) === nick && message.params[0] === room && !joined) {
              joined = true
              backoff.reset()
              onState('connected')
            }
            break
          case 'PRIVMSG':
            if (message.params[0] === room && message.params.length >= 2) onLine(toChatLine(message.tags, message.prefix, message.params[1], clock))
            break
        }
      }
    })
    current.on('error', (error) => log(error.message)) // 'close' follows
    current.on('close', () => {
      if (current === socket) drop('the connection closed', false)
    })
  }

  /** Ends the current socket and tries again: at once after RECONNECT, else after the backoff delay. */
  function drop(reason: string, now: boolean): void {
    const old = socket
    socket = undefined
    clock.clearTimeout(silenceTimer)
    old?.removeAllListeners('message')
    old?.terminate()
    if (closed) return
    log(`#${channel}: ${reason}; reconnecting`)
    onState('reconnecting')
    const delay = now ? 0 : backoff.delay(RETRY.firstMs)
    if (!now) backoff.fail()
    retryTimer = clock.setTimeout(connect, delay)
  }

  function heard(): void {
    clock.clearTimeout(silenceTimer)
    silenceTimer = clock.setTimeout(() => drop('nothing heard for 6 minutes', false), SILENCE_MS)
    ;(silenceTimer as { unref?: () => void })?.unref?.()
  }

  onState('connecting')
  connect()
  return {
    close() {
      closed = true
      clock.clearTimeout(retryTimer)
      clock.clearTimeout(silenceTimer)
      const old = socket
      socket = undefined
      old?.close(1000)
    },
  }
}

function toChatLine(tags: Record<string, string>, prefix: string, text: string, clock: Clock): ChatLine {
  const sent = Number(tags['tmi-sent-ts'])
  const at = Number.isFinite(sent) && sent > 0 ? sent : clock.now()
  const login = nickOf(prefix).toLowerCase()
  // Twitch leaves `display-name` empty for an account that never set one.
  return { id: tags.id || null, login, name: tags['display-name']?.trim() || login, text, sentAt: new Date(at).toISOString() }
}
