// Reading a JSON body with a size limit, so a huge or malformed body is a clear 4xx.
import type { H3Event } from 'h3'
import { httpFailure } from './errors.ts'

export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024

/** The parsed JSON body, or undefined when there is none. */
export async function readJsonBody(event: H3Event, limitBytes: number): Promise<unknown> {
  const declared = Number(event.req.headers.get('content-length') ?? 0)
  if (declared > limitBytes) throw tooLarge(event)
  const text = await readLimitedText(bodyChunks(event), limitBytes, () => tooLarge(event))
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw httpFailure(400, 'Invalid JSON body')
  }
}

/** The unread rest of a refused body would be parsed as the next request: close the connection. */
function tooLarge(event: H3Event) {
  event.res.headers.set('connection', 'close')
  return httpFailure(413, 'Request body too large')
}

// Under Node, read the request stream itself: asking for `event.req.body` makes srvx wrap
// it in a web stream on every request.
function bodyChunks(event: H3Event): AsyncIterable<Uint8Array> | null {
  return (event.runtime?.node?.req as AsyncIterable<Uint8Array> | undefined) ?? event.req.body
}

async function readLimitedText(
  chunks: AsyncIterable<Uint8Array> | null, limitBytes: number, onTooLarge: () => unknown,
): Promise<string> {
  if (!chunks) return ''
  const parts: Uint8Array[] = []
  let size = 0
  for await (const chunk of chunks) {
    size += chunk.byteLength
    if (size > limitBytes) throw onTooLarge()
    parts.push(chunk)
  }
  return Buffer.concat(parts).toString('utf8')
}
