// One operation of the document, with the answers every route shares added the same way the
// router adds them: auth (401/403), the JSON body (400 "Invalid JSON body", 413), path ids
// (400 "Invalid id"), the store (503) and the catch-all 500.
import type { Scope } from '@game-picker/core'
import { ref, type Schema } from './schema.ts'

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

export interface Success {
  status?: number
  description: string
  /** A JSON body. */
  schema?: Schema
  /** Other media types, by content type. */
  content?: Record<string, Schema>
  headers?: Record<string, unknown>
}

/** Exact `error` strings by status; `schema` when the body has fields beyond `error`. */
export type Errors = Record<number, string[] | { messages: string[]; schema: Schema }>

export interface OperationSpec {
  summary: string
  description?: string
  /** Requires a bearer token holding this scope (a login token from the admin key holds every scope). */
  scope?: Scope
  /** Requires a valid bearer token, whatever its scopes. */
  authenticated?: boolean
  query?: Record<string, { schema: Schema; description: string }>
  headers?: Record<string, { schema: Schema; description: string }>
  body?: { schema: Schema; required?: boolean; description?: string }
  ok: Success
  /** A second success answer (with its own status), e.g. 200 beside a 201. */
  alsoOk?: Success
  errors?: Errors
  /** False for routes that never read the store (no 503). */
  store?: boolean
  extra?: Record<string, unknown>
}

const PATH_PARAMS: Record<string, { schema: Schema; description: string }> = {
  id: { schema: { type: 'integer', minimum: 1 }, description: 'The id, a positive integer' },
  sessionId: { schema: { type: 'integer', minimum: 1 }, description: 'The session id' },
  sessionGameId: { schema: { type: 'integer', minimum: 1 }, description: 'The session-game row id (not the game id)' },
  name: { schema: { type: 'string' }, description: 'The pack name, URL-encoded' },
}

export const API_VERSION_HEADER = { 'X-API-Version': { $ref: '#/components/headers/ApiVersion' } }

export const COMMON_ERRORS = {
  401: 'Access token required',
  403: 'Invalid or expired token',
  413: 'Request body too large',
  500: 'Internal server error',
  503: 'Database unavailable',
} as const

/** Path items keyed by OpenAPI path (`{id}`), every operation under one tag. */
export function pathItems(tag: string, items: Record<string, Partial<Record<Method, OperationSpec>>>) {
  return Object.fromEntries(Object.entries(items).map(([path, methods]) => [path, Object.fromEntries(
    Object.entries(methods).map(([method, spec]) => [method, operation(tag, path, spec)]))]))
}

function operation(tag: string, path: string, spec: OperationSpec): Record<string, unknown> {
  const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
  const errors = new Map<number, { messages: string[]; schema?: Schema }>()
  const add = (status: number, messages: string[], schema?: Schema) => {
    const known = errors.get(status) ?? { messages: [] }
    errors.set(status, { messages: [...known.messages, ...messages], schema: schema ?? known.schema })
  }
  for (const [status, value] of Object.entries(spec.errors ?? {})) {
    if (Array.isArray(value)) add(Number(status), value)
    else add(Number(status), value.messages, value.schema)
  }
  if (pathNames.some((name) => PATH_PARAMS[name].schema.type === 'integer')) add(400, ['Invalid id'])
  if (spec.body) add(400, ['Invalid JSON body'])
  if (spec.body) add(413, [COMMON_ERRORS[413]])
  const needsToken = spec.scope !== undefined || spec.authenticated === true
  if (needsToken) add(401, [COMMON_ERRORS[401]])
  if (needsToken) add(403, [COMMON_ERRORS[403]])
  if (spec.scope) add(403, [`Token lacks scope: ${spec.scope}`])
  if (spec.store !== false) add(503, [COMMON_ERRORS[503]])
  add(500, [COMMON_ERRORS[500]])

  const parameters = [
    ...pathNames.map((name) => ({ name, in: 'path', required: true, ...PATH_PARAMS[name] })),
    ...Object.entries(spec.query ?? {}).map(([name, query]) => ({ name, in: 'query', required: false, ...query, schema: emptyAllowed(query.schema) })),
    ...Object.entries(spec.headers ?? {}).map(([name, header]) => ({ name, in: 'header', required: false, ...header })),
  ]
  return {
    tags: [tag],
    summary: spec.summary,
    ...(spec.description || spec.scope
      ? { description: [spec.description, spec.scope && `Needs a token with the scope \`${spec.scope}\`${spec.scope === 'admin' ? '' : ' (or `admin`)'}.`].filter(Boolean).join('\n\n') }
      : {}),
    operationId: operationId(spec.summary),
    ...(parameters.length > 0 ? { parameters } : {}),
    // The scope a token needs, as the role a bearer requirement names (OpenAPI 3.1 allows role
    // names for non-OAuth schemes), and again as x-scope for readers and the scope test.
    ...(needsToken ? { security: [{ bearerAuth: spec.scope ? [spec.scope] : [] }] } : {}),
    ...(spec.scope ? { 'x-scope': spec.scope } : {}),
    ...(spec.body ? { requestBody: requestBody(spec.body) } : {}),
    responses: {
      [spec.ok.status ?? 200]: success(spec.ok),
      ...(spec.alsoOk ? { [spec.alsoOk.status ?? 200]: success(spec.alsoOk) } : {}),
      ...Object.fromEntries([...errors].sort(([a], [b]) => a - b)
        .map(([status, { messages, schema }]) => [status, errorResponse(status, messages, schema)])),
    },
    ...spec.extra,
  }
}

// An empty query value (`?limit=`, what an HTML form sends for "any") is the same as leaving the
// parameter out, everywhere in the API; the document says so of every query parameter.
const EMPTY: Schema = { type: 'string', const: '', description: 'Empty: the same as leaving the parameter out' }
const emptyAllowed = (schema: Schema): Schema => ({ anyOf: [schema, EMPTY] })

function requestBody({ schema, required = true, description }: NonNullable<OperationSpec['body']>) {
  return { required, ...(description ? { description } : {}), content: { 'application/json': { schema } } }
}

function success({ description, schema, content, headers }: Success) {
  const media = content ?? (schema ? { 'application/json': schema } : {})
  return {
    description,
    headers: { ...API_VERSION_HEADER, ...headers },
    ...(Object.keys(media).length > 0
      ? { content: Object.fromEntries(Object.entries(media).map(([type, body]) => [type, { schema: body }])) }
      : {}),
  }
}

function errorResponse(status: number, messages: string[], schema?: Schema) {
  const common = (COMMON_ERRORS as Record<number, string>)[status]
  if (!schema && messages.length === 1 && messages[0] === common) return { $ref: `#/components/responses/Error${status}` }
  return {
    description: `\`error\` is one of: ${messages.map((message) => `"${message}"`).join('; ')}`,
    headers: API_VERSION_HEADER,
    content: { 'application/json': { schema: schema ?? errorSchema(status), example: { error: messages[0] } } },
  }
}

/** The common answers as reusable responses. */
export const commonResponses = Object.fromEntries(Object.entries(COMMON_ERRORS).map(([status, message]) => [
  `Error${status}`,
  {
    description: `"${message}"`,
    headers: API_VERSION_HEADER,
    content: { 'application/json': { schema: errorSchema(Number(status)), example: { error: message } } },
  },
]))

function errorSchema(status: number) {
  return ref(status === 503 ? 'UnavailableError' : 'Error')
}

function operationId(summary: string) {
  return summary.toLowerCase().replace(/[^a-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())
}
