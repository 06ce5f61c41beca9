// @game-picker/core/platforms: the outside chats a server reads (Twitch chat, and each next
// platform in a folder of its own) behind one interface, and the connector that holds one
// platform's connection on the one server that holds its lease.
export { createChatConnector, type ChatConnector, type ChatConnectorOptions } from './connector.ts'
export type { ChatPlatform, ChatPlatformName, IncomingChatMessage, PlatformConnection, PlatformContext, PreparedConnector } from './types.ts'
export { createTwitchPlatform, DEFAULT_TWITCH_CHAT_URL, openChatConnection, parseIrcLine, type ChatConnection, type ChatLine, type IrcMessage, type TwitchConfig } from './twitch/index.ts'
export { createYouTubePlatform, DEFAULT_YOUTUBE_API_URL, type YouTubeConfig } from './youtube/index.ts'
