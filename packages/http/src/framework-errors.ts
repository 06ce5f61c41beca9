// What h3 answers on its own (a malformed path, no route, an HTTPError thrown by one of its
// helpers) gets the API's `{ error }` body, a message that says what is wrong, and the same
// headers as every other response. Bad input never becomes a 5xx here.
import type { H3Event, HTTPError } from 'h3'
import type { Cors } from './cors.ts'
import { jsonResponse } from './respond.ts'

const MESSAGES: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body too large',
  415: 'Unsupported content type',
}

export function createFrameworkErrorHandler(cors: Cors, log: (line: string) => void) {
  return (error: HTTPError, event: H3Event): Response => {
    const { status, message } = describe(error, event)
    if (status >= 500) log(`Unexpected error: ${error.cause instanceof Error ? error.cause.stack : error.stack}`)
    return jsonResponse(status, JSON.stringify({ error: message }), cors.headers(event))
  }
}

function describe(error: HTTPError, event: H3Event): { status: number; message: string } {
  const status = error.status
  if (error.unhandled || status >= 500 || status < 400) return { status: 500, message: 'Internal server error' }
  if (status === 400 && !isDecodable(event.url.pathname)) return { status, message: 'Malformed URL encoding in path' }
  if (MESSAGES[status]) return { status, message: MESSAGES[status] }
  // An h3 helper's own message says what is wrong; a bare status phrase does not.
  return { status, message: error.message && error.message !== error.statusText ? error.message : `HTTP ${status}` }
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURI(pathname)
    return true
  } catch {
    return false
  }
}
