// @game-picker/core/twitch: reading a Twitch channel's chat inside a server (the connector of
// the API's /api/chat/twitch); the channel, its state and the lease are the core's (twitch-chat.ts).
export { createTwitchConnector, type ChatVoteSink, type TwitchConnector, type TwitchConnectorOptions } from './connector.ts'
export { DEFAULT_TWITCH_CHAT_URL, openChatConnection, type ChatLine, type ChatConnection } from './chat-connection.ts'
export { readChatCommand, pollChoice, type ChatCommand } from './chat-commands.ts'
export { parseIrcLine, type IrcMessage } from './irc.ts'
