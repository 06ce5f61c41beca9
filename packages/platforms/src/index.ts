// @game-picker/platforms: the outside world behind the core's ports, one folder each: the chat
// platforms (Twitch, Discord, YouTube), Jackbox's room service, and webhook delivery over HTTP.
// The application wires them into createCore; the domain never builds them.
export { createTwitchPlatform, DEFAULT_TWITCH_CHAT_URL, openChatConnection, parseIrcLine, type ChatConnection, type ChatLine, type IrcMessage, type TwitchConfig } from './twitch/index.ts'
export { createDiscordPlatform, DEFAULT_DISCORD_API_URL, type DiscordConfig } from './discord/index.ts'
export { createYouTubePlatform, DEFAULT_YOUTUBE_API_URL, type YouTubeConfig } from './youtube/index.ts'
export { createJackboxRoomService, createEcastClient, createRoomMonitors, DEFAULT_ECAST_URL, type RoomMonitorOptions } from './jackbox/index.ts'
export { sendWebhook, signWebhook } from './webhooks/index.ts'
