// Connecting and disconnecting a platform's chat from its panel: the request, its error to show,
// and the list asked again after, the same for every platform.
import { useState } from 'preact/hooks'
import { connectChat, disconnectChat } from '../../api.ts'
import { useAction } from '../../hooks.ts'
import type { ChatPlatform } from '../../types.ts'

export function useChatActions(platform: ChatPlatform, reload: () => Promise<void>) {
  const [error, setError] = useState<unknown>(null)
  const run = useAction(setError)
  return {
    error,
    /** Resolves true when the server took the body (the panel then clears its form). */
    async connect(body: Record<string, unknown>): Promise<boolean> {
      const done = await run(() => connectChat(platform, body))
      await reload()
      return done
    },
    async disconnect(): Promise<void> {
      await run(() => disconnectChat(platform))
      await reload()
    },
  }
}
