// A thin layer over h3's routing: every handler gets auth, the JSON body, path ids and the
// query already checked, and every failure becomes the spec's `{ error }` body.
import { parseId } from '@game-picker/core'
import { getQuery, getRouterParam, type H3, type H3Event } from 'h3'
import type { Auth } from './auth.ts'
import { readJsonBody } from './body.ts'
import { toErrorResponse } from './errors.ts'

export interface ApiRequest {
  event: H3Event
  /** The parsed JSON body (undefined when empty). */
  body(): Promise<unknown>
  /** A positive integer path parameter; 400 "Invalid id" otherwise. */
  id(name?: string): number
  param(name: string): string
  query: Record<string, string>
}

export interface RouteOptions {
  /** Requires the admin bearer token. */
  admin?: boolean
  /** Success status (default 200). */
  status?: number
}

type Handler = (request: ApiRequest) => unknown
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RouterDeps {
  auth: Auth
  bodyLimitBytes: number
  log: (line: string) => void
}

export function createApiRouter(app: H3, deps: RouterDeps) {
  const add = (method: Method) => (path: string, handler: Handler, options: RouteOptions = {}) => {
    app.on(method, path, async (event) => {
      try {
        if (options.admin) await deps.auth.requireAdmin(event)
        const result = await handler(toApiRequest(event, deps.bodyLimitBytes))
        event.res.status = options.status ?? 200
        return result
      } catch (error) {
        const { status, body } = toErrorResponse(error, deps.log)
        event.res.status = status
        return body
      }
    })
  }
  return recordRoutes(app, { get: add('GET'), post: add('POST'), put: add('PUT'), patch: add('PATCH'), delete: add('DELETE') })
}

export type ApiRouter = ReturnType<typeof createApiRouter>

function toApiRequest(event: H3Event, bodyLimitBytes: number): ApiRequest {
  return {
    event,
    body: () => readJsonBody(event, bodyLimitBytes),
    id: (name = 'id') => parseId(getRouterParam(event, name)),
    param: (name) => getRouterParam(event, name, { decode: true }) ?? '',
    query: getQuery(event) as Record<string, string>,
  }
}

/** Marks the response as a file download. */
export function download(event: H3Event, filename: string, contentType: string, body: string): string {
  event.res.headers.set('content-type', contentType)
  event.res.headers.set('content-disposition', `attachment; filename="${filename}"`)
  return body
}

export interface ApiRoute { method: Method; path: string; admin: boolean; status: number }
type AddRoute = (path: string, handler: Handler, options?: RouteOptions) => void
const apiRoutes = new WeakMap<H3, ApiRoute[]>()

/** Every route registered through the API router of `app`: a test holds them against the OpenAPI document. */
export const listApiRoutes = (app: H3): readonly ApiRoute[] => apiRoutes.get(app) ?? []

function recordRoutes<R extends Record<string, AddRoute>>(app: H3, router: R): R {
  const routes: ApiRoute[] = []
  apiRoutes.set(app, routes)
  return Object.fromEntries(Object.entries(router).map(([name, addRoute]) => [name, (...args: Parameters<AddRoute>) => {
    const [path, , options] = args
    routes.push({ method: name.toUpperCase() as Method, path, admin: options?.admin ?? false, status: options?.status ?? 200 })
    addRoute(...args)
  }])) as R
}
