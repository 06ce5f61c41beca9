// The document is built on first use: a server nobody asks for it never loads its definitions.
import type { OpenApiDocument } from './document.ts'

let document: Promise<OpenApiDocument> | undefined

export function loadOpenApiDocument(): Promise<OpenApiDocument> {
  document ??= import('./document.ts').then((module) => module.createOpenApiDocument())
  return document
}
