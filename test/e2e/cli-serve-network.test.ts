// Phones find the server: `serve` prints the URLs of its network addresses when it listens on
// every interface, and on loopback only (the default) says which flag lets phones in. Both with
// the built binary; GET /api/network answers the same. The 0.0.0.0 server runs in a network
// namespace of its own (test/helpers/network-namespace.ts), so it listens on every interface of
// that private network only, never on the shared machine's.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { assertCliBuilt, CLI_BIN, cliEnv, createTempDir, startServe } from '../helpers/cli.ts'
import { NAMESPACE_ADDRESSES, spawnInNamespace } from '../helpers/network-namespace.ts'
import { call } from '../helpers/server.ts'

const LOOPBACK_ONLY = 'Phones cannot reach this server. Start it with --host 0.0.0.0'
const temp = createTempDir()
const cwd = temp.path
beforeAll(assertCliBuilt)
afterAll(temp.remove)

test('on loopback (the default), serve says how to let phones in, and GET /api/network has no URL', async () => {
  const server = await startServe(['--db', 'network.sqlite'], { cwd, env: { ADMIN_KEY: 'k' } })
  try {
    const port = Number(new URL(server.url).port)
    expect(server.output().stdout).toBe(`Game Picker API listening on http://127.0.0.1:${port}\n${LOOPBACK_ONLY}\n`)
    const network = await call(server.url, 'GET', '/api/network')
    expect(network.status).toBe(200)
    expect(network.body).toEqual({ host: '127.0.0.1', port, urls: [] })
  } finally {
    await server.stop()
  }
})

test('on every interface (--host 0.0.0.0), serve prints the URL of each network address, as GET /api/network reports', async () => {
  const serve = spawnInNamespace(process.execPath, [CLI_BIN, 'serve', '--db', ':memory:', '--host', '0.0.0.0', '--port', '0'], {
    cwd, env: cliEnv(cwd, { ADMIN_KEY: 'k' }),
  })
  let stdout = ''
  let stderr = ''
  serve.child.stderr!.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise((resolve) => serve.child.on('close', resolve))
  try {
    await new Promise<void>((resolve, reject) => {
      serve.child.stdout!.on('data', (chunk) => {
        stdout += chunk
        if (/can open:\n(  \S+\n){2}/.test(stdout)) resolve()
      })
      serve.child.on('close', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)))
    })
    const port = Number(/listening on http:\/\/0\.0\.0\.0:(\d+)\n/.exec(stdout)?.[1])
    const urls = NAMESPACE_ADDRESSES.map((address) => `http://${address}:${port}`)
    const [head, ...listed] = stdout.trimEnd().split('\n')
    expect(head).toBe(`Game Picker API listening on http://0.0.0.0:${port}`)
    expect(listed[0]).toBe('Phones on the same network can open:')
    expect(listed.slice(1).map((line) => line.trim()).sort()).toEqual(urls)
    expect(stdout).not.toContain('127.0.0.1')

    // A client on that network opens each printed URL: it is the server, and it lists the same.
    for (const url of urls) {
      const answer = JSON.parse(await serve.runInside(process.execPath, ['-e', `fetch('${url}/api/network').then((r) => r.text()).then(console.log)`]))
      expect(answer.host).toBe('0.0.0.0')
      expect(answer.port).toBe(port)
      expect([...answer.urls].sort()).toEqual(urls)
      expect(answer.urls).toEqual(listed.slice(1).map((line) => line.trim()))
    }
  } finally {
    serve.child.kill('SIGTERM')
    await exited
  }
})
