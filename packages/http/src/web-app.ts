// The web app beside the API: its pages answer with the built index.html, its hashed assets
// with long-lived caching. Only these paths are added; every other path keeps the API's answer.
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { webAppDir } from '@game-picker/web'
import { type H3, type H3Event, serveStatic, type StaticAssetMeta } from 'h3'
import { setCommonHeaders, WEB_APP_POLICY } from './respond.ts'

export const WEB_APP_PAGES = ['/', '/session', '/catalogue', '/stats', '/history', '/overlay', '/poll', '/vote']

// Asset names carry a content hash, so a name never changes meaning.
const IMMUTABLE = 'public, max-age=31536000, immutable'

export function registerWebApp(app: H3, dir: string = webAppDir): void {
  const page = servePage(dir)
  const asset = serveAsset(dir)
  const paths = WEB_APP_PAGES.flatMap((path) => (path === '/' ? [path] : [path, `${path}/`]))
  for (const method of ['GET', 'HEAD'] as const) {
    for (const path of paths) app.on(method, path, withCommonHeaders(page))
    app.on(method, '/assets/**', withCommonHeaders(asset))
  }
}

/** Every response carries the common headers, the web app's too (the API routes add them themselves). */
const withCommonHeaders = (handler: (event: H3Event) => unknown) => (event: H3Event) => {
  setCommonHeaders(event)
  return handler(event)
}

function servePage(dir: string) {
  return async (event: H3Event) => {
    const response = await serveStatic(event, {
      getMeta: async () => {
        const meta = await findFile(dir, '/index.html')
        return meta && { ...meta, type: 'text/html; charset=utf-8' }
      },
      getContents: () => readFile(join(dir, 'index.html')),
      indexNames: [],
      fallthrough: true,
    })
    if (!response) return notFound(event)
    // The page names the current assets: a browser asks again after each deploy.
    event.res.headers.set('cache-control', 'no-cache')
    event.res.headers.set('content-security-policy', WEB_APP_POLICY)
    return response
  }
}

function serveAsset(dir: string) {
  return async (event: H3Event) => {
    const response = await serveStatic(event, {
      // serveStatic has already refused any path with `..` or other non-canonical segments.
      getMeta: (id) => findFile(dir, id),
      getContents: (id) => readFile(join(dir, id)),
      encodings: { gzip: '.gz' },
      indexNames: [],
      fallthrough: true,
    })
    if (!response) return notFound(event)
    event.res.headers.set('cache-control', IMMUTABLE)
    return response
  }
}

async function findFile(dir: string, id: string): Promise<StaticAssetMeta | undefined> {
  try {
    const file = await stat(join(dir, id))
    if (!file.isFile()) return undefined
    // The gzipped twin of a file (see the web package's build) is sent as that file, compressed.
    return { size: file.size, mtime: file.mtime, encoding: id.endsWith('.gz') ? 'gzip' : undefined }
  } catch {
    return undefined
  }
}

function notFound(event: H3Event) {
  event.res.status = 404
  return { error: 'Not found' }
}
