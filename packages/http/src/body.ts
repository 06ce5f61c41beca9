// Reading a JSON body with a size limit, so a huge or malformed body is a clear 4xx.
import type { IncomingMessage } from 'node:http'
import type { H3Event } from 'h3'
import { httpFailure } from './errors.ts'

export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024

const TOO_LARGE = Symbol('too large')

/** The parsed JSON body, or undefined when there is none. */
export async function readJsonBody(event: H3Event, limitBytes: number): Promise<unknown> {
  const declared = Number(event.req.headers.get('content-length') ?? 0)
  const node = event.runtime?.node?.req as IncomingMessage | undefined
  const body = declared > limitBytes ? TOO_LARGE
    : node ? await readNodeBody(node, limitBytes) : await readWebBody(event.req.body, limitBytes)
  if (body === TOO_LARGE) {
    // The rest of the body is not read: close the connection rather than parse it as a request.
    event.res.headers.set('connection', 'close')
    throw httpFailure(413, 'Request body too large')
  }
  const text = body.toString('utf8')
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw httpFailure(400, 'Invalid JSON body')
  }
}

// Under Node, read the request stream itself (asking for `event.req.body` makes srvx wrap it in
// a web stream on every request). Past the limit it stops listening but never destroys the
// request: Node discards the rest, and the server's own bookkeeping keeps its socket.
function readNodeBody(req: IncomingMessage, limitBytes: number): Promise<Buffer | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    let size = 0
    const done = (result: Buffer | typeof TOO_LARGE | Error) => {
      req.off('data', onData).off('end', onEnd).off('error', onError)
      if (result instanceof Error) reject(result)
      else resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength
      if (size > limitBytes) done(TOO_LARGE)
      else parts.push(chunk)
    }
    const onEnd = () => done(Buffer.concat(parts))
    const onError = (error: Error) => done(error)
    req.on('data', onData).on('end', onEnd).on('error', onError)
  })
}

async function readWebBody(stream: ReadableStream<Uint8Array> | null, limitBytes: number): Promise<Buffer | typeof TOO_LARGE> {
  if (!stream) return Buffer.alloc(0)
  const parts: Uint8Array[] = []
  let size = 0
  for await (const chunk of stream) {
    size += chunk.byteLength
    if (size > limitBytes) return TOO_LARGE
    parts.push(chunk)
  }
  return Buffer.concat(parts)
}
