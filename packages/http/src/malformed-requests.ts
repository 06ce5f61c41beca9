// Requests Node's HTTP parser refuses before the app sees them (a broken request line or
// header, an unknown method, oversized headers, HTTP/1.1 without Host) and CONNECT, which Node
// never routes: each gets a JSON `{ error }` answer instead of a bare status line or a
// silently closed socket.
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { COMMON_HEADERS } from './respond.ts'

const PARSER_ERRORS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Request headers too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'Request timed out'],
  HPE_INVALID_METHOD: [400, 'Bad Request', 'Unknown HTTP method'],
}
const MALFORMED: [number, string, string] = [400, 'Bad Request', 'Malformed HTTP request']

/** Call with the server before it gets requests; wrap its request listener in `requireHost`. */
export function answerMalformedRequests(server: Server): void {
  // Node's own check answers a bare 400; requireHost answers it in JSON instead.
  Object.assign(server, { requireHostHeader: false })
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex & { _httpMessage?: { headersSent: boolean } }) => {
    // As Node does: answer only if nothing of a response was written on this socket yet.
    if (error.code !== 'ECONNRESET' && socket.writable && !socket._httpMessage?.headersSent) {
      socket.write(rawResponse(...(PARSER_ERRORS[error.code ?? ''] ?? MALFORMED)))
    }
    socket.destroy()
  })
  server.on('connect', (_request, socket: Duplex) => {
    socket.end(rawResponse(405, 'Method Not Allowed', 'Method not allowed'))
  })
}

/** HTTP/1.1 requires a Host header (RFC 9112): 400 without one. */
export function requireHost(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.host !== undefined || req.httpVersion !== '1.1') return listener(req, res)
    res.writeHead(400, { 'content-type': 'application/json;charset=UTF-8', ...Object.fromEntries(COMMON_HEADERS), connection: 'close' })
    res.end(JSON.stringify({ error: 'Host header required' }))
  }
}

function rawResponse(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ error: message })
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json;charset=UTF-8\r\n`
    + COMMON_HEADERS.map(([name, value]) => `${name}: ${value}\r\n`).join('') + `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
}
