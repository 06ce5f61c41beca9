// The Discord connector's own settings, as stored in its row (JSON) and read back after a restart
// or a takeover: what the status shows, and the poll message the bot keeps in step with the poll.

/** The poll message in the channel: which poll it shows, and whether it shows its end yet. */
export interface PollMessageRef {
  poll_id: number
  message_id: string
  /** True once the message shows the closed poll and its winner (nothing left to edit). */
  closed: boolean
}

export interface DiscordSettings {
  /** "Room code: ABCD" under "Now playing" (the POST's `announce_room_code`, default true). */
  announce_room_code: boolean
  /** The server (guild) of the channel, once connected. */
  guild_id: string | null
  /** Whether Discord granted the Message Content intent (null until connected). */
  message_content: boolean | null
  poll_message: PollMessageRef | null
  /** Why the connection failed for good (state "failed"). */
  error: string | null
}

const isPollMessage = (value: unknown): value is PollMessageRef =>
  typeof value === 'object' && value !== null
  && typeof (value as PollMessageRef).poll_id === 'number' && typeof (value as PollMessageRef).message_id === 'string'

export function readDiscordSettings(settings: Readonly<Record<string, unknown>>): DiscordSettings {
  return {
    announce_room_code: settings.announce_room_code !== false,
    guild_id: typeof settings.guild_id === 'string' ? settings.guild_id : null,
    message_content: typeof settings.message_content === 'boolean' ? settings.message_content : null,
    poll_message: isPollMessage(settings.poll_message) ? { ...settings.poll_message, closed: settings.poll_message.closed === true } : null,
    error: typeof settings.error === 'string' ? settings.error : null,
  }
}
