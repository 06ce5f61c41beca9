// The composition root's adapters: every outside system the core talks to, configured from the
// environment (the core never reads it). Adding a chat platform is a folder in
// @game-picker/platforms and one line in `platforms` below; no core file changes.
import type { CoreOptions } from '@game-picker/core'
import {
  createDiscordPlatform, createJackboxRoomService, createTwitchPlatform, createYouTubePlatform, sendWebhook,
  type DiscordConfig, type TwitchConfig, type YouTubeConfig,
} from '@game-picker/platforms'

/** Where each outside system is reached (a local fake in tests), and the chats' default credentials. */
export interface AdapterConfig {
  twitch?: TwitchConfig
  discord?: DiscordConfig
  youtube?: YouTubeConfig
  /** The Jackbox room service (default: Jackbox's own). */
  ecastUrl?: string
}

export type Adapters = Required<Pick<CoreOptions, 'platforms' | 'roomService' | 'webhookSender'>>

export function adapterConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AdapterConfig {
  const value = (name: string) => env[name] || undefined
  return {
    twitch: { url: value('TWITCH_CHAT_URL') },
    discord: { apiUrl: value('DISCORD_API_URL'), botToken: value('DISCORD_BOT_TOKEN') },
    youtube: { apiUrl: value('YOUTUBE_API_URL'), apiKey: value('YOUTUBE_API_KEY') },
    ecastUrl: value('ECAST_URL'),
  }
}

export function createAdapters(config: AdapterConfig = adapterConfigFromEnv()): Adapters {
  return {
    platforms: [createTwitchPlatform(config.twitch), createDiscordPlatform(config.discord), createYouTubePlatform(config.youtube)],
    roomService: createJackboxRoomService({ ecastUrl: config.ecastUrl }),
    webhookSender: sendWebhook,
  }
}
