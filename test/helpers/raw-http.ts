// Sends bytes fetch refuses to send (broken request lines, bad headers, odd framing) over a
// plain TCP socket and parses the one response that comes back.
import { connect } from 'node:net'

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** The first response on the connection, or null if it closed (or `timeoutMs` passed) without one. */
export function sendRaw(port: number, request: string | Buffer, timeoutMs = 3000): Promise<RawResponse | null> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let received = Buffer.alloc(0)
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(parseResponse(received))
    }
    const timer = setTimeout(finish, timeoutMs)
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk])
      if (parseResponse(received)) finish()
    })
    socket.on('error', finish)
    socket.on('close', finish)
    socket.write(request)
  })
}

function parseResponse(bytes: Buffer): RawResponse | null {
  const text = bytes.toString('latin1')
  const end = text.indexOf('\r\n\r\n')
  if (end < 0) return null
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1])
  if (!status) return null
  const headers = Object.fromEntries(lines.map((line) => {
    const colon = line.indexOf(':')
    return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
  }))
  const rest = bytes.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'))
  const body = headers['transfer-encoding'] === 'chunked' ? dechunk(rest) : contentOf(rest, headers['content-length'])
  return body === null ? null : { status, headers, body }
}

function contentOf(rest: Buffer, length: string | undefined): string | null {
  if (length === undefined) return rest.toString('utf8')
  return rest.length >= Number(length) ? rest.subarray(0, Number(length)).toString('utf8') : null
}

function dechunk(rest: Buffer): string | null {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = rest.indexOf('\r\n', at)
    if (lineEnd < 0) return null
    const size = Number.parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16)
    if (size === 0) return Buffer.concat(parts).toString('utf8')
    if (rest.length < lineEnd + 2 + size + 2) return null
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}
