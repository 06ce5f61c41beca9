// `game-picker serve` as a child process on a temp database with the bundled catalogue, for the
// browser tests, plus the admin token to drive the API beside the page.
import { assertCliBuilt, createTempDir, type RunningServe, startServe } from './cli.ts'
import { ADMIN_KEY, call, login } from './server.ts'

export interface WebServer {
  url: string
  serve: RunningServe
  /** Starts the server again on the same port and database (after `serve.stop()`). */
  restart(): Promise<void>
  /** An API call as the admin. */
  admin<T = any>(method: string, path: string, body?: unknown): Promise<T>
  stop(): Promise<void>
}

export async function startWebServer(env: Record<string, string> = {}): Promise<WebServer> {
  assertCliBuilt()
  const temp = createTempDir('game-picker-web-')
  const options = { cwd: temp.path, env: { ADMIN_KEY, ...env } }
  const server: WebServer = {
    url: '',
    serve: await startServe(['--db', 'web.sqlite'], options),
    async restart() {
      server.serve = await startServe(['--db', 'web.sqlite', '--port', new URL(server.url).port], options)
    },
    async admin(method, path, body) {
      token ??= await login(server.url)
      const result = await call(server.url, method, path, { token, body })
      if (result.status >= 300) throw new Error(`${method} ${path}: ${result.status} ${result.text}`)
      return result.body
    },
    async stop() {
      await server.serve.stop()
      temp.remove()
    },
  }
  server.url = server.serve.url
  let token: string | undefined
  return server
}
