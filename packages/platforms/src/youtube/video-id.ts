// What a streamer pastes into "YouTube video": the 11-character id, or a link holding it
// (youtube.com/watch?v=ID, youtube.com/live/ID, youtu.be/ID, with or without www./m., http(s)).
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/
const HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com'])

/** The video id in `input`, or null when it holds none. */
export function parseVideoId(input: unknown): string | null {
  if (typeof input !== 'string') return null
  const text = input.trim()
  if (VIDEO_ID.test(text)) return text
  let url: URL
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`)
  } catch {
    return null
  }
  const host = url.hostname.toLowerCase()
  const segments = url.pathname.split('/').filter(Boolean)
  const candidate = host === 'youtu.be' ? segments[0]
    : !HOSTS.has(host) ? undefined
    : segments[0] === 'watch' && segments.length === 1 ? url.searchParams.get('v')
    : segments[0] === 'live' && segments.length === 2 ? segments[1]
    : undefined
  return candidate && VIDEO_ID.test(candidate) ? candidate : null
}
