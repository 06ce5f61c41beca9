// The API describing itself: the OpenAPI document, and a reference page rendering it with
// Swagger UI (no CDN). Both are loaded on first request, so a server that nobody asks for docs
// never loads them.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { getRouterParam, type H3 } from 'h3'
import { loadOpenApiDocument } from '../openapi/load.ts'
import type { ApiRouter } from '../router.ts'
import { setCommonHeaders } from '../respond.ts'
import { DOCS_PAGE, DOCS_SCRIPT } from './reference-page.ts'

const DOCS_POLICY = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:", "connect-src 'self'",
  "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'",
].join('; ')

const VENDOR_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
}

export function registerReferenceRoutes(api: ApiRouter, app: H3) {
  api.get('/api/openapi.json', () => loadOpenApiDocument())
  api.get('/docs', ({ event }) => {
    event.res.headers.set('content-type', 'text/html; charset=utf-8')
    // Swagger UI sets style attributes: styles may be inline here, scripts may not.
    event.res.headers.set('content-security-policy', DOCS_POLICY)
    return DOCS_PAGE
  })

  // Static files, not API routes: registered on the app, outside the document.
  app.get('/docs/assets/:file', async (event) => {
    const file = getRouterParam(event, 'file') ?? ''
    setCommonHeaders(event)
    event.res.headers.set('cache-control', 'public, max-age=3600')
    if (file === 'reference.js') {
      event.res.headers.set('content-type', 'text/javascript; charset=utf-8')
      return DOCS_SCRIPT
    }
    const type = Object.hasOwn(VENDOR_FILES, file) ? VENDOR_FILES[file] : undefined // not `constructor` & co.
    if (!type) {
      event.res.status = 404
      return { error: 'Not found' }
    }
    event.res.headers.set('content-type', type)
    return readFile(new URL(file, vendorDir()))
  })
}

// Swagger UI's files, copied into the package's dist by the build (swagger-ui-dist is a
// devDependency: installed, it would bring @scarf/scarf and its install script). Found through
// the package's name, not this module's place: this code runs from src in the workspace's tests,
// from dist when installed, and from inside the game-picker binary's bundle.
let vendor: URL | undefined
const vendorDir = () =>
  (vendor ??= new URL('dist/reference-assets/', pathToFileURL(createRequire(import.meta.url).resolve('@game-picker/http/package.json'))))
