// The chat connectors: the list of every chat read, and each platform's own routes.
import { pathItems } from '../operation.ts'
import { arrayOf, input, integer, ref, string } from '../schema.ts'

const NOT_READING = 'Not reading a channel'
const NOT_READING_YOUTUBE = 'Not reading a YouTube chat'

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
  '/api/chat/youtube': {
    post: {
      summary: 'Read a YouTube live stream\'s chat', scope: 'admin',
      description: 'Finds the video\'s live chat (YouTube Data API `videos.list`, 1 quota unit) and starts reading it with the '
        + 'streamer\'s API key (`liveChatMessages.list`, 5 units a call): `thisgame++` / `thisgame--` become live votes and a '
        + 'candidate number a vote in the open poll, by `youtube:CHANNEL_ID` at the message\'s own time; messages already in the chat '
        + 'are skipped. Calls follow YouTube\'s `pollingIntervalMillis` and are at least `interval_seconds` apart. The key comes from '
        + 'the body or the server\'s `YOUTUBE_API_KEY`, is stored like a secret and never shown. One stream at a time; the same video '
        + 'again changes nothing. One server reads it; another takes over within 30 s if that one dies, from the same page.',
      body: {
        schema: input({
          video: string('An 11-character video id, or a youtube.com/watch?v=, youtube.com/live/ or youtu.be/ link holding one'),
          api_key: string('A YouTube Data API v3 key; default: the server\'s YOUTUBE_API_KEY', { writeOnly: true }),
          interval_seconds: integer('Least time between two reads of the chat, 5 to 60 (default 5): each read costs 5 of the key\'s 10,000 daily units', { minimum: 5, maximum: 60 }),
        }, ['video']),
      },
      ok: { status: 201, description: 'The connector\'s status', schema: ref('YouTubeChatStatus') },
      errors: {
        400: ['video must be a YouTube video id or URL', 'A YouTube API key is required', 'interval_seconds must be a whole number from 5 to 60',
          'YouTube refused the API key', 'The YouTube API key has used up its quota for today', 'Already reading a YouTube chat'],
        404: ['No live chat on this video'],
        503: ['YouTube could not be reached'],
      },
    },
    get: {
      summary: 'YouTube chat connector status',
      ok: { description: 'The video read, the reading\'s state, the quota used today, and what its messages did', schema: ref('YouTubeChatStatus') },
      errors: { 404: [NOT_READING_YOUTUBE] },
    },
    delete: {
      summary: 'Stop reading YouTube chat', scope: 'admin',
      ok: { description: 'The last status', schema: ref('YouTubeChatStatus') },
      errors: { 404: [NOT_READING_YOUTUBE] },
    },
  },
})
