// Reading a JSON body with a size limit, so a huge or malformed body is a clear 4xx.
import type { H3Event } from 'h3'
import { httpFailure } from './errors.ts'

export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024

const tooLarge = () => httpFailure(413, 'Request body too large')

/** The parsed JSON body, or undefined when there is none. */
export async function readJsonBody(event: H3Event, limitBytes: number): Promise<unknown> {
  const declared = Number(event.req.headers.get('content-length') ?? 0)
  if (declared > limitBytes) throw tooLarge()
  const text = await readLimitedText(event.req.body, limitBytes)
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw httpFailure(400, 'Invalid JSON body')
  }
}

async function readLimitedText(stream: ReadableStream<Uint8Array> | null, limitBytes: number): Promise<string> {
  if (!stream) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of stream) {
    size += chunk.byteLength
    if (size > limitBytes) throw tooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
