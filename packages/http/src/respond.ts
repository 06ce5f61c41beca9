// Responses as srvx's FastResponse with plain header lists: h3 hands a Response to the Node
// adapter untouched, so the hot path creates and merges no Headers objects.
import type { H3Event } from 'h3'
import { FastResponse } from 'srvx'

/** Sent as X-API-Version on every response and reported by /health and the OpenAPI document. */
export const API_VERSION = '1.0'

export type HeaderList = [name: string, value: string][]

const JSON_TYPE = 'application/json;charset=UTF-8'

/** A JSON response; `json` is already serialized. Every response carries X-API-Version. */
export function jsonResponse(status: number, json: string | Uint8Array<ArrayBuffer>, headers: HeaderList = []): Response {
  return new FastResponse(json, {
    status, headers: [['content-type', JSON_TYPE], ['x-api-version', API_VERSION], ...headers],
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
      ['x-api-version', API_VERSION], ...headers,
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

/** Hands the handler's own response to h3, with X-API-Version, CORS and the route's status. */
export function passThrough(event: H3Event, status: number, result: unknown, headers: HeaderList): unknown {
  event.res.status ??= status
  event.res.headers.set('x-api-version', API_VERSION)
  for (const [name, value] of headers) event.res.headers.append(name, value)
  return result
}
