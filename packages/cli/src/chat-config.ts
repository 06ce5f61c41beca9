// Where each chat platform is reached, from the environment: the composition root's part of the
// chat connectors (the core never reads the environment). Unset: each platform's own endpoint.
import type { ChatConfig } from '@game-picker/core'

export function chatConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ChatConfig {
  const value = (name: string) => env[name] || undefined
  return {
    twitch: { url: value('TWITCH_CHAT_URL') },
    youtube: { apiUrl: value('YOUTUBE_API_URL'), apiKey: value('YOUTUBE_API_KEY') },
  }
}
