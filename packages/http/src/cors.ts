// CORS (decisions: any origin by default; tokens travel in a header, never cookies). The work
// is done only for requests that carry an Origin: other clients never read these headers.
import { type H3Event, type HTTPResponse, handleCors } from 'h3'
import type { HeaderList } from './respond.ts'

export interface Cors {
  /** The headers a response to this request needs: none without an Origin. */
  headers(event: H3Event): HeaderList
  /** Answers a preflight (OPTIONS with Origin and Access-Control-Request-Method); false otherwise. */
  preflight(event: H3Event): HTTPResponse | false
}

const EXPOSED = 'Content-Disposition,X-API-Version'

export function createCors(origin: string | string[] = '*'): Cors {
  const allowed: '*' | string[] = origin === '*' ? '*' : [origin].flat()
  const options = {
    origin: allowed,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type'],
    exposeHeaders: ['Content-Disposition', 'X-API-Version'],
  }
  const any: HeaderList = [['access-control-allow-origin', '*'], ['access-control-expose-headers', EXPOSED]]
  return {
    headers(event) {
      const requestOrigin = event.req.headers.get('origin')
      if (!requestOrigin) return allowed === '*' ? [] : [['vary', 'origin']]
      if (allowed === '*') return any
      return allowed.includes(requestOrigin)
        ? [['access-control-allow-origin', requestOrigin], ['access-control-expose-headers', EXPOSED], ['vary', 'origin']]
        : [['vary', 'origin']]
    },
    preflight: (event) => handleCors(event, options) as HTTPResponse | false,
  }
}
