// The chat connectors: the list of every chat read, and each platform's own routes.
import { pathItems } from '../operation.ts'
import { arrayOf, input, ref, string } from '../schema.ts'

const NOT_READING = 'Not reading a channel'

export const chatPaths = pathItems('Chat', {
  '/api/chat': {
    get: {
      summary: 'Every chat read',
      description: 'The chats the server reads, one per platform (a multistream reads several at once and they vote in the same poll '
        + 'and for the same game); an empty list when none is.',
      ok: { description: 'Each connected chat, by platform', schema: arrayOf(ref('ChatListEntry')) },
    },
  },
  '/api/chat/twitch': {
    post: {
      summary: 'Read a Twitch channel\'s chat', scope: 'admin',
      description: 'Starts reading the channel anonymously: `thisgame++` / `thisgame--` become live votes by the sender, '
        + 'a candidate number (`2`, `!2`, `#2`) a vote in the open poll. One channel at a time; the same channel again changes nothing. '
        + 'One server reads it; another takes over within 30 s if that one dies, and reading resumes after a restart.',
      body: { schema: input({ channel: string('3 to 25 letters, digits or _ (stored in lower case)') }, ['channel']) },
      ok: { status: 201, description: 'The connector\'s status', schema: ref('ChatConnectorStatus') },
      errors: { 400: ['channel must be 3 to 25 letters, digits or _', 'Already reading a channel'] },
    },
    get: {
      summary: 'Twitch chat connector status',
      ok: { description: 'The channel read, the connection\'s state, since when it is read, and what its messages did', schema: ref('ChatConnectorStatus') },
      errors: { 404: [NOT_READING] },
    },
    delete: {
      summary: 'Stop reading Twitch chat', scope: 'admin',
      ok: { description: 'The last status', schema: ref('ChatConnectorStatus') },
      errors: { 404: [NOT_READING] },
    },
  },
})
