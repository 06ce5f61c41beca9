// Responses as srvx's FastResponse with plain header lists: h3 hands a Response to the Node
// adapter untouched, so the hot path creates and merges no Headers objects.
import type { H3Event } from 'h3'
import { FastResponse } from 'srvx'

/** Sent as X-API-Version on every response and reported by /health and the OpenAPI document. */
export const API_VERSION = '1.0'

export type HeaderList = [name: string, value: string][]

/**
 * On every response, beside X-API-Version: no content sniffing (a JSON answer or a download is
 * never run as a script or a page), and no Referer sent from anything we serve.
 */
export const COMMON_HEADERS: HeaderList = [
  ['x-api-version', API_VERSION], ['x-content-type-options', 'nosniff'], ['referrer-policy', 'no-referrer'],
]

/** Sets COMMON_HEADERS on a response h3 makes from `event.res`. */
export function setCommonHeaders(event: H3Event): void {
  for (const [name, value] of COMMON_HEADERS) event.res.headers.set(name, value)
}

/**
 * The web app's pages: only the app's own scripts, styles and connections (the API and the
 * event stream are same-origin), no inline script or style, no other origin, and never inside
 * a frame (the overlay is a browser source, not a frame). The page holds an admin token: a
 * script injected into it must not run.
 */
export const WEB_APP_POLICY = [
  "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "connect-src 'self'",
  "font-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ')

const JSON_TYPE = 'application/json;charset=UTF-8'

/** A JSON response; `json` is already serialized. Every response carries X-API-Version. */
export function jsonResponse(status: number, json: string | Uint8Array<ArrayBuffer>, headers: HeaderList = []): Response {
  return new FastResponse(json, {
    status, headers: [['content-type', JSON_TYPE], ...COMMON_HEADERS, ...headers],
  })
}

/** A file download (CSV, session export). */
export interface Download { filename: string; contentType: string; body: string }

const DOWNLOAD = Symbol('download')

/** Marks a handler's result as a file download rather than JSON. */
export function download(filename: string, contentType: string, body: string): Download {
  return { [DOWNLOAD]: true, filename, contentType, body } as Download
}

export const isDownload = (value: unknown): value is Download =>
  typeof value === 'object' && value !== null && DOWNLOAD in value

export function downloadResponse(file: Download, headers: HeaderList): Response {
  return new FastResponse(file.body, {
    status: 200,
    headers: [
      ['content-type', file.contentType], ['content-disposition', `attachment; filename="${file.filename}"`],
      ...COMMON_HEADERS, ...headers,
    ],
  })
}

// h3 v2 keeps `event.res` under this key once something asked for it (a handler setting a
// header or a status; h3's event stream does).
const EVENT_RESPONSE = Symbol.for('h3.internal.event.res')

/**
 * The handler shaped its response itself: it set headers or a status on `event.res`, or it
 * returned something that is not plain JSON data (a stream, a Response). h3 then sends it as it
 * is, with our headers added.
 */
export function isShapedByHandler(event: H3Event, result: unknown): boolean {
  if (EVENT_RESPONSE in event) return true
  if (typeof result !== 'object' || result === null) return result === undefined
  const prototype = Object.getPrototypeOf(result)
  return prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null
}

/** Hands the handler's own response to h3, with the common headers, CORS and the route's status. */
export function passThrough(event: H3Event, status: number, result: unknown, headers: HeaderList): unknown {
  event.res.status ??= status
  setCommonHeaders(event)
  for (const [name, value] of headers) event.res.headers.append(name, value)
  return result
}
