// Small builders for the JSON Schemas (2020-12, as OpenAPI 3.1 uses) the document is made of,
// so each resource reads like its table of fields.

export type Schema = { [keyword: string]: unknown }

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })

export const integer = (description?: string, extra: Schema = {}): Schema =>
  ({ type: 'integer', ...(description ? { description } : {}), ...extra })

export const string = (description?: string, extra: Schema = {}): Schema =>
  ({ type: 'string', ...(description ? { description } : {}), ...extra })

export const number = (description?: string): Schema => ({ type: 'number', ...(description ? { description } : {}) })

export const boolean = (description?: string): Schema => ({ type: 'boolean', ...(description ? { description } : {}) })

export const dateTime = (description?: string): Schema => string(description, { format: 'date-time' })

/** The integers 0 or 1, as flags appear in responses. */
export const flag = (description?: string): Schema => integer(description, { enum: [0, 1] })

export const favorBias: Schema = integer('-1 (disfavor), 0 (neutral) or 1 (favor)', { enum: [-1, 0, 1] })

export const nullable = (schema: Schema): Schema =>
  ({ ...schema, type: [schema.type, 'null'], ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) })

export const arrayOf = (items: Schema, description?: string): Schema =>
  ({ type: 'array', items, ...(description ? { description } : {}) })

/**
 * An object with exactly these properties. Responses list every key they send (`required`
 * defaults to all of them) and allow no others, so a test catches a field the document misses.
 */
export function object(properties: Record<string, Schema>, required: string[] = Object.keys(properties), extra: Schema = {}): Schema {
  return { type: 'object', properties, required, additionalProperties: false, ...extra }
}

/** An input object: every key optional unless listed; unknown keys are ignored by the server. */
export const input = (properties: Record<string, Schema>, required: string[] = [], description?: string): Schema =>
  ({ type: 'object', properties, required, ...(description ? { description } : {}) })

/** A `{ message, ... }` answer. */
export const messageAnd = (properties: Record<string, Schema> = {}): Schema =>
  object({ message: string(), ...properties })
