// Holds real responses against the OpenAPI document: the shared test client runs every
// response of every HTTP test through `checkResponse`, so the document cannot drift from what
// the server answers. JSON bodies are validated with ajv (JSON Schema 2020-12, as OpenAPI 3.1).
import { loadOpenApiDocument, type OpenApiDocument } from '@game-picker/http'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

type Json = Record<string, any>

export interface CheckedResponse { method: string; path: string; status: number; headers: Headers; body: unknown }

interface Checker {
  document: OpenApiDocument
  templates: { template: string; pattern: RegExp }[]
  validator(pointer: string): ValidateFunction
}

let checker: Promise<Checker> | undefined
const DOCUMENT_ID = 'openapi.json'

async function createChecker(): Promise<Checker> {
  const document = await loadOpenApiDocument()
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  ajv.addSchema(structuredClone(document), DOCUMENT_ID)
  const validators = new Map<string, ValidateFunction>()
  // Literal segments first (/api/sessions/active before /api/sessions/{id}), as the router matches.
  const templates = Object.keys(document.paths)
    .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`) }))
    .sort((a, b) => a.template.split('{').length - b.template.split('{').length)
  return {
    document,
    templates,
    validator(pointer) {
      let validate = validators.get(pointer)
      if (!validate) validators.set(pointer, validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` }))
      return validate
    },
  }
}

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1')

/** Throws, saying what differs, when the response is not one the document describes. */
export async function checkResponse({ method, path, status, headers, body }: CheckedResponse): Promise<void> {
  const { document, templates, validator } = await (checker ??= createChecker())
  const pathname = new URL(path, 'http://localhost').pathname
  const template = templates.find(({ pattern }) => pattern.test(pathname))?.template
  const operation: Json | undefined = template ? (document.paths as Json)[template][method.toLowerCase()] : undefined
  const where = `${method} ${path} answered ${status}`
  if (!template || !operation) {
    // Not an API operation (an unknown route, a CORS preflight): errors still have the API's shape.
    if (status >= 400) assertValid(validator('/components/schemas/Error'), body, `${where}: error body`)
    return
  }
  const operationPointer = `/paths/${escape(template)}/${method.toLowerCase()}`
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => candidate in operation.responses)
  if (!key) {
    throw new Error(`${where}, a status the OpenAPI document does not list for ${method} ${template} `
      + `(it lists ${Object.keys(operation.responses).join(', ')})`)
  }
  let responsePointer = `${operationPointer}/responses/${key}`
  let response: Json = operation.responses[key]
  if (response.$ref) {
    responsePointer = response.$ref.slice(1)
    response = resolve(document, response.$ref)
  }
  for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
    const definition = header.$ref ? resolve(document, header.$ref) : header
    if (definition.required && !headers.has(name)) throw new Error(`${where} without the header ${name} the document requires`)
  }
  if (!response.content) return
  const mediaType = (headers.get('content-type') ?? '').split(';')[0].trim()
  if (!(mediaType in response.content)) {
    throw new Error(`${where} as ${mediaType || 'no content type'}; the document says ${Object.keys(response.content).join(' or ')}`)
  }
  if (mediaType === 'application/json') {
    assertValid(validator(`${responsePointer}/content/${escape(mediaType)}/schema`), body, `${where}: body`)
  }
}

/** Throws when a webhook delivery is not what the document's `webhooks` section describes. */
export async function checkWebhookDelivery(headers: Record<string, unknown>, rawBody: string): Promise<void> {
  const { document, validator } = await (checker ??= createChecker())
  const type = String(headers['x-webhook-event'])
  const delivery: Json | undefined = (document.webhooks as Json)[type]?.post
  if (!delivery) throw new Error(`a webhook delivery of type ${type}, which the OpenAPI document does not list`)
  for (const { name } of delivery.parameters as Json[]) {
    if (!(name.toLowerCase() in headers)) throw new Error(`a ${type} delivery without the header ${name}`)
  }
  assertValid(validator(`/webhooks/${escape(type)}/post/requestBody/content/application~1json/schema`),
    JSON.parse(rawBody), `the ${type} delivery`)
}

/** Throws when an event (a stream's `data:`) is not an Event of the document. */
export async function checkEvent(body: unknown): Promise<void> {
  const { validator } = await (checker ??= createChecker())
  assertValid(validator('/components/schemas/Event'), body, 'the event')
}

function assertValid(validate: ValidateFunction, body: unknown, what: string) {
  if (validate(body)) return
  const problems = (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`
    + (error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''))
  throw new Error(`${what} does not match the OpenAPI document:\n  ${problems.join('\n  ')}\n`
    + `body: ${JSON.stringify(body).slice(0, 2000)}`)
}

function resolve(document: OpenApiDocument, ref: string): Json {
  return ref.slice(2).split('/').reduce<Json>((node, segment) => node[segment.replaceAll('~1', '/').replaceAll('~0', '~')], document)
}
