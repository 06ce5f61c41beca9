// Responses as srvx's FastResponse with plain header lists: h3 hands a Response to the Node
// adapter untouched, so the hot path creates and merges no Headers objects.
import { FastResponse } from 'srvx'
import { API_VERSION } from './routes/auth.ts'

export type HeaderList = [name: string, value: string][]

const JSON_TYPE = 'application/json;charset=UTF-8'

/** A JSON response; `json` is already serialized. Every response carries X-API-Version. */
export function jsonResponse(status: number, json: string | Uint8Array, headers: HeaderList = []): Response {
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
