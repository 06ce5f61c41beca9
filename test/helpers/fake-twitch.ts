// A local stand-in for Twitch chat (IRC over WebSocket, wss://irc-ws.chat.twitch.tv as the web
// chat uses it), speaking the lines the real one sends an anonymous reader:
//   CAP REQ → CAP * ACK; PASS/NICK justinfanNNN → 001..376 welcome; JOIN #ch → JOIN echo, 353, 366;
//   PRIVMSG with the tags Twitch sends (display-name, id, tmi-sent-ts, ...); PING (expects PONG);
//   RECONNECT; and, for tests, dropping every connection or refusing new ones.
// Where each behaviour comes from:
// - dev.twitch.tv/docs/chat/irc/ (Connecting, Authenticating, Keepalive, Requesting Twitch-specific
//   capabilities): an anonymous reader logs in as `justinfanNNNN` with any PASS, asks for
//   `twitch.tv/tags twitch.tv/commands`, answers PING with PONG; RECONNECT before a restart.
// - dev.twitch.tv/docs/chat/irc/#privmsg-tags and the example in .../docs/chat/send-receive-messages/:
//   a PRIVMSG carries badge-info, badges, client-nonce, color, display-name, emotes, first-msg,
//   flags, id (the message's own id), mod, returning-chatter, room-id, subscriber, tmi-sent-ts
//   (milliseconds since the epoch), turbo, user-id, user-type, in that order, only after the tags
//   capability was granted. `display-name` "may be empty if it is never set"; it holds the name
//   as the user typed it (capitals), or a localized name in another script or with accents (as
//   the twitchchat crate's `Privmsg::display_name` docs note), sent as UTF-8 unlike the login.
// - ircv3.net/specs/extensions/message-tags#escaping-values (the escaping Twitch's docs refer to):
//   in a tag value `;` is `\:`, a space `\s`, `\` is `\\`, CR `\r` and LF `\n`.
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import { until } from './until.ts'

export interface FakeTwitchMessage {
  login: string
  text: string
  /** The `display-name` tag; defaults to `login`. '' sends the tag empty, as for an account that never set one. */
  displayName?: string
  /** The message's own id; a new uuid by default. The same id again is how Twitch would repeat one. */
  id?: string
  /** Milliseconds; default now. */
  sentAt?: number
}

interface Client { socket: WebSocket; nick?: string; channels: Set<string>; capabilities: boolean; pongs: string[] }

export interface FakeTwitch {
  /** ws://127.0.0.1:PORT */
  url: string
  /** Sends a chat message to every connection that joined `#channel`; resolves with its id. */
  say(channel: string, message: FakeTwitchMessage): string
  /** Connections that joined `#channel`. */
  readers(channel: string): number
  /** Every connection ever accepted (reconnects count). */
  readonly accepted: number
  /** Nicks that logged in, in order. */
  readonly nicks: string[]
  /** Sends PING :tmi.twitch.tv; resolves once every open connection answered PONG. */
  ping(): Promise<void>
  /** Sends RECONNECT to every connection (Twitch's notice before a server restart). */
  reconnect(): void
  /** Closes every connection at once, without a word, as a network failure would. */
  drop(): void
  /** While true, new connections are closed at once. */
  refuse(on: boolean): void
  close(): Promise<void>
}

const SERVER = 'tmi.twitch.tv'

/** `port`: 0 (default) picks a free one; the try-it script (scripts/fake-twitch-chat.mjs) fixes it. */
export async function startFakeTwitch(options: { port?: number } = {}): Promise<FakeTwitch> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0 })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const clients = new Set<Client>()
  const nicks: string[] = []
  let accepted = 0
  let refusing = false

  server.on('connection', (socket) => {
    accepted += 1
    if (refusing) return void socket.terminate()
    const client: Client = { socket, channels: new Set(), capabilities: false, pongs: [] }
    clients.add(client)
    socket.on('close', () => clients.delete(client))
    socket.on('error', () => {})
    const send = (...lines: string[]) => socket.send(lines.map((line) => `${line}\r\n`).join(''))
    socket.on('message', (data) => {
      for (const line of String(data).split('\r\n').filter(Boolean)) {
        const [command, ...rest] = line.split(' ')
        const argument = rest.join(' ')
        switch (command.toUpperCase()) {
          case 'CAP':
            client.capabilities = argument.includes('twitch.tv/tags')
            send(`:${SERVER} CAP * ACK :${argument.replace(/^REQ :/, '')}`)
            break
          case 'PASS': break
          case 'NICK':
            client.nick = argument
            nicks.push(argument)
            send(`:${SERVER} 001 ${argument} :Welcome, GLHF!`, `:${SERVER} 002 ${argument} :Your host is ${SERVER}`,
              `:${SERVER} 372 ${argument} :You are in a maze of twisty passages, all alike.`, `:${SERVER} 376 ${argument} :>`)
            break
          case 'JOIN': {
            const channel = argument.trim()
            client.channels.add(channel)
            const nick = client.nick ?? 'unknown'
            send(`:${nick}!${nick}@${nick}.${SERVER} JOIN ${channel}`, `:${nick}.${SERVER} 353 ${nick} = ${channel} :${nick}`,
              `:${nick}.${SERVER} 366 ${nick} ${channel} :End of /NAMES list`)
            if (client.capabilities) send(`@emote-only=0;followers-only=-1;r9k=0;room-id=12345;slow=0;subs-only=0 :${SERVER} ROOMSTATE ${channel}`)
            break
          }
          case 'PONG': client.pongs.push(argument); break
        }
      }
    })
  })

  const tagValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\:').replace(/ /g, '\\s')
    .replace(/\r/g, '\\r').replace(/\n/g, '\\n')
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    say(channel, message) {
      const id = message.id ?? randomUUID()
      const sentAt = message.sentAt ?? Date.now()
      const tags = [
        'badge-info=', 'badges=', 'client-nonce=', 'color=#1E90FF', `display-name=${tagValue(message.displayName ?? message.login)}`,
        'emotes=', 'first-msg=0', 'flags=', `id=${id}`, 'mod=0', 'returning-chatter=0', 'room-id=12345', 'subscriber=0',
        `tmi-sent-ts=${sentAt}`, 'turbo=0', 'user-id=67890', 'user-type=',
      ].join(';')
      const { login } = message
      for (const client of clients) {
        if (!client.channels.has(`#${channel}`)) continue
        const prefix = client.capabilities ? `@${tags} ` : ''
        client.socket.send(`${prefix}:${login}!${login}@${login}.${SERVER} PRIVMSG #${channel} :${message.text}\r\n`)
      }
      return id
    },
    readers: (channel) => [...clients].filter((client) => client.channels.has(`#${channel}`)).length,
    get accepted() { return accepted },
    nicks,
    async ping() {
      const open = [...clients]
      const token = `${SERVER}`
      const before = open.map((client) => client.pongs.length)
      for (const client of open) client.socket.send(`PING :${token}\r\n`)
      // Every client still connected answered with a PONG.
      await until(() => open.every((client, n) => client.pongs.length > before[n] || !clients.has(client)), Boolean, 10_000, 10)
    },
    reconnect() {
      for (const client of clients) client.socket.send(`:${SERVER} RECONNECT\r\n`)
    },
    drop() {
      for (const client of clients) client.socket.terminate()
    },
    refuse(on) { refusing = on },
    close: () => new Promise<void>((resolve) => {
      for (const client of clients) client.socket.terminate()
      server.close(() => resolve())
    }),
  }
}
