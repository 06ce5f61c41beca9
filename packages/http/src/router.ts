// A thin layer over h3's routing: every handler gets auth, the JSON body, path ids and the
// query already checked, and every failure becomes the spec's `{ error }` body.
import { type AuditRecord, parseId, type Scope } from '@game-picker/core'
import { getQuery, getRouterParam, type H3, type H3Event } from 'h3'
import { type Auth, type Principal, requireScope } from './auth.ts'
import { readJsonBody } from './body.ts'
import type { Cors } from './cors.ts'
import { httpFailure, toErrorResponse } from './errors.ts'
import { downloadResponse, isDownload, isShapedByHandler, jsonResponse, passThrough } from './respond.ts'

export { download } from './respond.ts'

export interface ApiRequest {
  event: H3Event
  /** The parsed JSON body: an object, or undefined when empty (anything else is a 400). */
  body(): Promise<Record<string, unknown> | undefined>
  /** A positive integer path parameter; 400 "Invalid id" otherwise. */
  id(name?: string): number
  param(name: string): string
  query: Record<string, string>
  /** Who sent the request, on routes that need a token (or once requireScope succeeded). */
  principal?: Principal
  /**
   * For a public route where only some requests need a token (a poll vote by `username`): 401
   * without one, 403 without the scope; the request is then audited as that principal's.
   */
  requireScope(scope: Scope): Promise<Principal>
}

export interface RouteOptions {
  /** Requires a bearer token holding this scope (a login token holds every scope). */
  scope?: Scope
  /** Requires a valid bearer token, whatever its scopes (checking one). */
  authenticated?: boolean
  /** Changes nothing although not a GET: not recorded in the audit log. */
  readOnly?: boolean
  /** The admin login: every answer but a success is recorded in the audit log as "anonymous". */
  login?: boolean
  /** Success status (default 200). */
  status?: number
  /**
   * The handler returns the same object until the data behind it changes (the core memoizes
   * it on the store's arrays), so its JSON is worked out once per object.
   */
  memoized?: boolean
}

type Handler = (request: ApiRequest) => unknown
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RouterDeps {
  auth: Auth
  cors: Cors
  bodyLimitBytes: number
  log: (line: string) => void
  /** Records an audit log entry (not awaited: see the core's audit log). */
  audit: (entry: AuditRecord) => void
}

export function createApiRouter(app: H3, deps: RouterDeps) {
  // Kept as bytes, so a large answer (the catalogue) is neither measured nor encoded again.
  const serialized = new WeakMap<object, Buffer<ArrayBuffer>>()
  const toJson = (result: unknown, memoized: boolean | undefined): string | Buffer<ArrayBuffer> => {
    if (!memoized || typeof result !== 'object' || result === null) return JSON.stringify(result)
    let json = serialized.get(result)
    if (json === undefined) serialized.set(result, json = Buffer.from(JSON.stringify(result)))
    return json
  }
  const add = (method: Method) => (path: string, handler: Handler, options: RouteOptions = {}) => {
    const needsToken = options.scope !== undefined || options.authenticated === true
    // Every authenticated request that may change something, whatever its answer; GETs change nothing.
    const audited = method !== 'GET' && !options.readOnly
    app.on(method, path, async (event) => {
      const cors = deps.cors.headers(event)
      let principal: Principal | undefined
      const record = (status: number) => {
        // The path only: a query string could hold a token (access_token).
        if (principal && audited) deps.audit({ actor: principal.actor, method, path: event.url.pathname, status })
        else if (options.login && status !== 200) deps.audit({ actor: 'anonymous', method, path: event.url.pathname, status })
      }
      try {
        if (needsToken) {
          principal = await deps.auth.authenticate(event)
          if (options.scope) requireScope(principal, options.scope)
        }
        const request = toApiRequest(event, deps.bodyLimitBytes, async (scope) => {
          principal = await deps.auth.authenticate(event)
          requireScope(principal, scope)
          return principal
        })
        request.principal = principal
        const answer = await handler(request)
        const [status, result] = isWithStatus(answer) ? [answer.status, answer.body] : [options.status ?? 200, answer]
        record(status)
        if (isDownload(result)) return downloadResponse(result, cors)
        if (isShapedByHandler(event, result)) return passThrough(event, status, result, cors)
        return jsonResponse(status, toJson(result, options.memoized), cors)
      } catch (error) {
        const { status, body, headers } = toErrorResponse(error, deps.log)
        record(status)
        return jsonResponse(status, JSON.stringify(body), headers ? [...cors, ...headers] : cors)
      }
    })
  }
  return recordRoutes(app, { get: add('GET'), post: add('POST'), put: add('PUT'), patch: add('PATCH'), delete: add('DELETE') })
}

export type ApiRouter = ReturnType<typeof createApiRouter>

const WITH_STATUS = Symbol('withStatus')
interface WithStatus { [WITH_STATUS]: true; status: number; body: unknown }

/** A handler's answer whose success status is not the route's usual one (e.g. 200 instead of 201). */
export const withStatus = (status: number, body: unknown): WithStatus => ({ [WITH_STATUS]: true, status, body })
const isWithStatus = (value: unknown): value is WithStatus =>
  typeof value === 'object' && value !== null && WITH_STATUS in value

// A plain object literal: a getter here (say, a lazy query) made V8 keep every request's
// object alive through young-generation collections, doubling the cost of a trivial request.
function toApiRequest(event: H3Event, bodyLimitBytes: number, requireScope: ApiRequest['requireScope']): ApiRequest {
  return {
    event,
    body: () => readJsonBody(event, bodyLimitBytes),
    id: (name = 'id') => parseId(getRouterParam(event, name)),
    param: (name) => decodeParam(getRouterParam(event, name) ?? ''),
    query: getQuery(event) as Record<string, string>,
    principal: undefined,
    requireScope,
  }
}

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    throw httpFailure(400, 'Malformed URL encoding in path')
  }
}

/** `admin`: the route needs a bearer token; `scope`: the one that token must hold (null: any valid token). */
export interface ApiRoute { method: Method; path: string; admin: boolean; scope: Scope | null; status: number }
type AddRoute = (path: string, handler: Handler, options?: RouteOptions) => void
const apiRoutes = new WeakMap<H3, ApiRoute[]>()

/** Every route registered through the API router of `app`: a test holds them against the OpenAPI document. */
export const listApiRoutes = (app: H3): readonly ApiRoute[] => apiRoutes.get(app) ?? []

function recordRoutes<R extends Record<string, AddRoute>>(app: H3, router: R): R {
  const routes: ApiRoute[] = []
  apiRoutes.set(app, routes)
  return Object.fromEntries(Object.entries(router).map(([name, addRoute]) => [name, (...args: Parameters<AddRoute>) => {
    const [path, , options] = args
    routes.push({
      method: name.toUpperCase() as Method, path, admin: options?.scope !== undefined || options?.authenticated === true,
      scope: options?.scope ?? null, status: options?.status ?? 200,
    })
    addRoute(...args)
  }])) as R
}
