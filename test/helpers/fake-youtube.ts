// A local stand-in for the YouTube Data API v3 (https://www.googleapis.com/youtube/v3), with the
// two methods a live chat reader uses, answering with the documented shapes and errors:
//   GET /videos?part=liveStreamingDetails&id=VIDEO&key=KEY            (videos.list)
//   GET /liveChat/messages?liveChatId=ID&part=snippet,authorDetails&pageToken=T&key=KEY
//                                                                     (liveChatMessages.list)
// Where each behaviour comes from:
// - videos.list, the Video resource: `liveStreamingDetails.activeLiveChatId` is "filled only if
//   the video is a currently live broadcast that has live chat"; an unknown id answers 200 with
//   no items (developers.google.com/youtube/v3/docs/videos, VideoLiveStreamingDetails).
// - liveChatMessages.list (developers.google.com/youtube/v3/live/docs/liveChatMessages/list):
//   the first request "returns some or all of the chat history", oldest to newest; `nextPageToken`
//   names the next set, passed back as `pageToken`; `pollingIntervalMillis` is how long to wait
//   before asking again; `maxResults` 200 to 2000, default 500; `offlineAt` is "the date and time
//   when the underlying stream went offline" (LiveChatMessageListResponse). A message: `id`,
//   `snippet.{type, liveChatId, authorChannelId, publishedAt, hasDisplayContent, displayMessage,
//   textMessageDetails.messageText}`, `authorDetails.{channelId, displayName, ...}`
//   (LiveChatMessage, LiveChatMessageSnippet; `textMessageEvent` is a user's chat text).
// - Errors (developers.google.com/youtube/v3/live/docs/errors, .../v3/docs/errors): the body
//   `{ error: { code, message, errors: [{ message, domain, reason }] } }`; liveChatMessages.list:
//   forbidden (403) `liveChatEnded` "The specified live chat is no longer live.", notFound (404)
//   `liveChatNotFound` "The specified live chat cannot be found."; core errors: quotaExceeded
//   (403, domain `youtube.quota`) "The request cannot be completed because you have exceeded your
//   quota."; a key Google does not know: 400 `keyInvalid` (domain `usageLimits`) "API key not
//   valid. Please pass a valid API key." (as google-api-python-client's tests/data/bad_request.json
//   and the answers people post); a missing key: 403 `forbidden`.
// - Quota (developers.google.com/youtube/v3/determine_quota_cost): 10,000 units a day per project
//   by default, reset at midnight Pacific time; videos.list costs 1, liveChatMessages.list 5. The
//   fake charges a call it answers, except a quotaExceeded refusal; the day's reset is a test's
//   `resetQuota()`.
import { randomUUID } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_YOUTUBE_KEY = 'AIzaFakeYouTubeKeyForTests000000000000'
export const DAILY_QUOTA = 10_000
const COST = { 'videos.list': 1, 'liveChatMessages.list': 5 } as const
const MAX_RESULTS = { min: 200, max: 2000, default: 500 }

export interface FakeYouTubeCall {
  method: keyof typeof COST
  /** `now()` when the request arrived (the test's clock when one is given). */
  at: number
  key: string | null
  /** liveChatMessages.list: the `pageToken` sent, null on a first request. */
  pageToken: string | null
  liveChatId: string | null
  videoId: string | null
  status: number
}

export interface FakeChatMessage {
  /** The author's channel id (`authorDetails.channelId`). */
  channelId: string
  text: string
  /** Default `textMessageEvent`. */
  type?: string
  displayName?: string
  /** The message id; a new one by default. */
  id?: string
  /** ISO; default now. */
  publishedAt?: string
}

interface Chat {
  id: string
  videoId: string
  messages: { item: Record<string, unknown>; postedAt: number }[]
  /** Set by `end(…, 'offline')`: the next answer carries `offlineAt`, later ones `liveChatEnded`. */
  offlineAt: string | null
  offlineAnswered: boolean
  ended: boolean
}

export interface FakeYouTube {
  /** http://127.0.0.1:PORT/youtube/v3 — what YOUTUBE_API_URL is set to. */
  url: string
  /** A key that works (more with `addKey`). */
  key: string
  addKey(key: string): void
  /** The key is deleted in its Google Cloud project: refused from now on. */
  revokeKey(key: string): void
  /** A live video with an active chat; resolves with the chat's id. */
  goLive(videoId: string): string
  /** A video YouTube knows without a live chat (an upload, or a stream that has ended). */
  addVideo(videoId: string): void
  /** A chat message from a viewer; resolves with its id. */
  post(videoId: string, message: FakeChatMessage): string
  /**
   * The stream ends: 'offline' answers the next list call with `offlineAt` (then `liveChatEnded`);
   * 'ended' answers `liveChatEnded` at once; 'gone' answers `liveChatNotFound`.
   */
  end(videoId: string, how: 'offline' | 'ended' | 'gone'): void
  /** The `pollingIntervalMillis` answered (default 2000, so the reader's own minimum decides). */
  setPollingInterval(ms: number): void
  /** Uses up the key's day: every call answers quotaExceeded until `resetQuota`. */
  exhaustQuota(key?: string): void
  /** Midnight Pacific time: every key starts a new day. */
  resetQuota(): void
  /** Units the key used today. */
  quotaUsed(key?: string): number
  /** The next `count` calls answer 503 backendError (YouTube having a bad moment). */
  failNext(count: number): void
  /** Every request answered so far, in order. */
  readonly calls: FakeYouTubeCall[]
  /** Every message id handed out in a list answer, with when it was first handed out (`now()`). */
  readonly served: Map<string, number>
  /** When each message was posted (`now()`), by id. */
  readonly posted: Map<string, number>
  close(): Promise<void>
}

export async function startFakeYouTube(options: { now?: () => number } = {}): Promise<FakeYouTube> {
  const now = options.now ?? Date.now
  const keys = new Set([FAKE_YOUTUBE_KEY])
  const used = new Map<string, number>()
  const exhausted = new Set<string>()
  const videos = new Map<string, Chat | null>()
  const chats = new Map<string, Chat>()
  const calls: FakeYouTubeCall[] = []
  const served = new Map<string, number>()
  const posted = new Map<string, number>()
  let pollingIntervalMillis = 2000
  let failures = 0

  const chatOf = (videoId: string) => {
    const chat = videos.get(videoId)
    if (!chat) throw new Error(`fake YouTube: ${videoId} is not live`)
    return chat
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const path = url.pathname.replace(/^\/youtube\/v3/, '')
    const method = path === '/videos' ? 'videos.list' : path === '/liveChat/messages' ? 'liveChatMessages.list' : null
    if (req.method !== 'GET' || !method) return send(res, 404, googleError(404, 'notFound', 'global', 'Not Found'))
    const key = url.searchParams.get('key')
    const call: FakeYouTubeCall = {
      method, at: now(), key, pageToken: url.searchParams.get('pageToken'),
      liveChatId: url.searchParams.get('liveChatId'), videoId: url.searchParams.get('id'), status: 200,
    }
    calls.push(call)
    const answer = (status: number, body: unknown, charge = true) => {
      call.status = status
      if (charge && key && keys.has(key)) used.set(key, (used.get(key) ?? 0) + COST[method])
      send(res, status, body)
    }
    if (failures > 0) {
      failures -= 1
      return answer(503, googleError(503, 'backendError', 'global', 'The service is currently unavailable.'), false)
    }
    if (!key) return answer(403, googleError(403, 'forbidden', 'global', 'The request is missing a valid API key.'), false)
    if (!keys.has(key)) return answer(400, googleError(400, 'keyInvalid', 'usageLimits', 'API key not valid. Please pass a valid API key.'), false)
    if (exhausted.has(key) || (used.get(key) ?? 0) + COST[method] > DAILY_QUOTA) {
      return answer(403, googleError(403, 'quotaExceeded', 'youtube.quota',
        'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.'), false)
    }
    if (method === 'videos.list') return answer(200, videoList(call.videoId ?? ''))

    const chat = chats.get(call.liveChatId ?? '')
    if (!chat) return answer(404, googleError(404, 'liveChatNotFound', 'youtube.liveChat', 'The specified live chat cannot be found.'))
    if (chat.ended || chat.offlineAnswered) {
      return answer(403, googleError(403, 'liveChatEnded', 'youtube.liveChat', 'The specified live chat is no longer live.'))
    }
    const requested = Number(url.searchParams.get('maxResults') ?? MAX_RESULTS.default)
    const maxResults = Math.min(MAX_RESULTS.max, Math.max(MAX_RESULTS.min, Number.isFinite(requested) ? requested : MAX_RESULTS.default))
    const from = call.pageToken === null ? 0 : pageIndex(call.pageToken, chat.id)
    if (from === null) return answer(400, googleError(400, 'invalidPageToken', 'global', 'The request specifies an invalid page token.'))
    const page = chat.messages.slice(from, from + maxResults)
    for (const { item } of page) if (!served.has(item.id as string)) served.set(item.id as string, now())
    const body: Record<string, unknown> = {
      kind: 'youtube#liveChatMessageListResponse', etag: randomUUID(),
      pollingIntervalMillis,
      pageInfo: { totalResults: page.length, resultsPerPage: page.length },
      nextPageToken: pageToken(chat.id, from + page.length),
      items: page.map(({ item }) => item),
    }
    if (chat.offlineAt) {
      body.offlineAt = chat.offlineAt
      chat.offlineAnswered = true
    }
    answer(200, body)
  })

  function videoList(videoId: string) {
    const items = videos.has(videoId)
      ? [{
          kind: 'youtube#video', etag: randomUUID(), id: videoId,
          liveStreamingDetails: videos.get(videoId)
            ? { actualStartTime: new Date(now() - 60_000).toISOString(), concurrentViewers: '42', activeLiveChatId: videos.get(videoId)!.id }
            : { actualStartTime: new Date(now() - 7_200_000).toISOString(), actualEndTime: new Date(now() - 3_600_000).toISOString() },
        }]
      : []
    return { kind: 'youtube#videoListResponse', etag: randomUUID(), items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const sockets = new Set<import('node:net').Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  return {
    url: `http://127.0.0.1:${port}/youtube/v3`,
    key: FAKE_YOUTUBE_KEY,
    addKey: (key) => void keys.add(key),
    revokeKey: (key) => void keys.delete(key),
    goLive(videoId) {
      const chat: Chat = { id: `Cg0KC${Buffer.from(videoId).toString('base64url')}`, videoId, messages: [], offlineAt: null, offlineAnswered: false, ended: false }
      videos.set(videoId, chat)
      chats.set(chat.id, chat)
      return chat.id
    },
    addVideo: (videoId) => void videos.set(videoId, null),
    post(videoId, message) {
      const chat = chatOf(videoId)
      const id = message.id ?? `LCC.${randomUUID()}`
      const publishedAt = message.publishedAt ?? new Date(now()).toISOString()
      const type = message.type ?? 'textMessageEvent'
      const displayName = message.displayName ?? `Viewer ${message.channelId.slice(-4)}`
      chat.messages.push({
        postedAt: now(),
        item: {
          kind: 'youtube#liveChatMessage', etag: randomUUID(), id,
          snippet: {
            type, liveChatId: chat.id, authorChannelId: message.channelId, publishedAt, hasDisplayContent: true,
            displayMessage: message.text,
            ...(type === 'textMessageEvent' ? { textMessageDetails: { messageText: message.text } } : {}),
          },
          authorDetails: {
            channelId: message.channelId, channelUrl: `http://www.youtube.com/channel/${message.channelId}`, displayName,
            profileImageUrl: 'https://yt3.ggpht.com/a/default-user=s88', isVerified: false, isChatOwner: false,
            isChatSponsor: false, isChatModerator: false,
          },
        },
      })
      posted.set(id, now())
      return id
    },
    end(videoId, how) {
      const chat = chatOf(videoId)
      if (how === 'offline') chat.offlineAt = new Date(now()).toISOString()
      if (how === 'ended') chat.ended = true
      if (how === 'gone') chats.delete(chat.id)
      videos.set(videoId, null) // no longer an active live chat on the video
    },
    setPollingInterval: (ms) => void (pollingIntervalMillis = ms),
    exhaustQuota: (key = FAKE_YOUTUBE_KEY) => void exhausted.add(key),
    resetQuota() {
      exhausted.clear()
      used.clear()
    },
    quotaUsed: (key = FAKE_YOUTUBE_KEY) => used.get(key) ?? 0,
    failNext: (count) => void (failures = count),
    calls,
    served,
    posted,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    }),
  }
}

function googleError(code: number, reason: string, domain: string, message: string) {
  return { error: { code, message, errors: [{ message, domain, reason }] } }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

// Page tokens are opaque to clients; here one names a chat and a position in its messages.
const pageToken = (chatId: string, index: number) => Buffer.from(`${chatId}:${index}`).toString('base64url')
function pageIndex(token: string, chatId: string): number | null {
  const [chat, index] = Buffer.from(token, 'base64url').toString().split(':')
  return chat === chatId && /^\d+$/.test(index ?? '') ? Number(index) : null
}
