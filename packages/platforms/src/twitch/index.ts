// Twitch chat: read a channel anonymously (no account, no secret) over IRC on a WebSocket, as
// Twitch's own web chat does. Votes and queue places by the sender's login name, bare (Twitch
// logins predate the other platforms' prefixed names); the queue shows the display name.
import { chatCountsOf, invalidInput, asFields, type ChatPlatform } from '@game-picker/core'
import { DEFAULT_TWITCH_CHAT_URL, openChatConnection } from './chat-connection.ts'

export { DEFAULT_TWITCH_CHAT_URL, openChatConnection, type ChatLine, type ChatConnection } from './chat-connection.ts'
export { parseIrcLine, type IrcMessage } from './irc.ts'

export interface TwitchConfig {
  /** The chat endpoint (default Twitch's: wss://irc-ws.chat.twitch.tv:443); a local fake in tests. */
  url?: string
}

const CHANNEL = /^[A-Za-z0-9_]{3,25}$/

export function createTwitchPlatform(config: TwitchConfig = {}): ChatPlatform {
  return {
    name: 'twitch',
    errors: { alreadyConnected: 'Already reading a channel', notConnected: 'Not reading a channel' },
    async prepare(input) {
      const { channel } = asFields(input)
      if (typeof channel !== 'string' || !CHANNEL.test(channel)) throw invalidInput('channel must be 3 to 25 letters, digits or _')
      // Twitch's channel names are its lower-case logins.
      return { channel: channel.toLowerCase(), settings: {}, secret: null }
    },
    toStatus: (row) => ({ channel: row.channel, state: row.state, since: row.since, counts: chatCountsOf(row) }),
    open(context) {
      return openChatConnection({
        url: config.url ?? DEFAULT_TWITCH_CHAT_URL, channel: context.channel, log: context.log,
        onState: (state) => context.update({ state }),
        onLine: (line) => context.receive({ id: line.id, username: line.login, name: line.name, text: line.text, sentAt: line.sentAt }),
      })
    },
  }
}
