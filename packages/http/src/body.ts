// Reading a JSON body with a size limit, so a huge, malformed or non-object body is a clear 4xx.
import type { IncomingMessage } from 'node:http'
import type { H3Event } from 'h3'
import { httpFailure } from './errors.ts'

export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024
/** An oversized body is read (and dropped) up to this many times the limit, so its sender gets the 413. */
export const DRAIN_FACTOR = 4

const TOO_LARGE = Symbol('too large')
type BodyRead = Buffer | typeof TOO_LARGE

/** The parsed JSON body (every body the API takes is an object), or undefined when there is none. */
export async function readJsonBody(event: H3Event, limitBytes: number): Promise<Record<string, unknown> | undefined> {
  const declared = Number(event.req.headers.get('content-length') ?? 0)
  const cap = limitBytes * DRAIN_FACTOR
  const node = event.runtime?.node?.req as IncomingMessage | undefined
  const body: BodyRead = declared > cap ? TOO_LARGE
    : node ? await readNodeBody(node, limitBytes, cap) : await readWebBody(event.req.body, limitBytes, cap)
  if (body === TOO_LARGE) {
    // A drained body was read to its end, so its sender is not writing any more when the 413
    // arrives. Past the cap the rest is not read; either way the connection closes after the
    // answer, so an unread rest is never parsed as a request.
    throw httpFailure(413, 'Request body too large', [['connection', 'close']])
  }
  const text = body.toString('utf8')
  if (text.trim() === '') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw httpFailure(400, 'Invalid JSON body')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw httpFailure(400, 'Request body must be a JSON object')
  }
  return parsed as Record<string, unknown>
}

// Under Node, read the request stream itself (asking for `event.req.body` makes srvx wrap it in
// a web stream on every request). Past the limit the chunks are dropped until the end (or the
// cap); past the cap it stops listening but never destroys the request: Node discards the rest,
// and the server's own bookkeeping (listhen's shutdown tracker) keeps its socket.
function readNodeBody(req: IncomingMessage, limitBytes: number, cap: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    let size = 0
    const stop = () => void req.off('data', onData).off('end', onEnd).off('error', onError)
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength
      if (size > cap) {
        stop()
        resolve(TOO_LARGE)
      } else if (size <= limitBytes) parts.push(chunk)
    }
    const onEnd = () => {
      stop()
      resolve(size > limitBytes ? TOO_LARGE : parts.length === 1 ? parts[0] : Buffer.concat(parts))
    }
    const onError = () => {
      stop()
      reject(incomplete())
    }
    req.on('data', onData).on('end', onEnd).on('error', onError)
  })
}

async function readWebBody(stream: ReadableStream<Uint8Array> | null, limitBytes: number, cap: number): Promise<BodyRead> {
  if (!stream) return Buffer.alloc(0)
  const parts: Uint8Array[] = []
  let size = 0
  try {
    for await (const chunk of stream) {
      size += chunk.byteLength
      if (size > cap) return TOO_LARGE
      if (size <= limitBytes) parts.push(chunk)
    }
  } catch {
    throw incomplete()
  }
  return size > limitBytes ? TOO_LARGE : Buffer.concat(parts)
}

const incomplete = () => httpFailure(400, 'Request body was not received completely')
