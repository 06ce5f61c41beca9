// The packages as users install them: pnpm pack rewrites the workspace:^ ranges to versions, npm
// installs the tarballs in an empty folder (dependencies come from the registry), then the
// installed bin creates a database, picks and serves the reference page, and the core README's
// library example runs there as an embedding user would run it. No installed package has an
// install script for npm to run or ask about. Slow (one npm install, shared by the tests);
// GAME_PICKER_SKIP_PACK_TEST=1 skips it when offline.
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertCliBuilt, cliEnv, createTempDir, startServe } from '../helpers/cli.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const temp = createTempDir('game-picker-pack-')
beforeAll(assertCliBuilt)
afterAll(temp.remove)

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env: cliEnv(temp.path), timeout: 150_000 }, (error, stdout, stderr) =>
      (error ? reject(new Error(`${command} ${args.join(' ')} failed: ${stderr || error.message}`)) : resolve(stdout)))
  })
}

const PACKAGES = ['cli', 'core', 'http', 'platforms', 'postgres', 'sqlite', 'web']
const app = join(temp.path, 'app')

describe.skipIf(process.env.GAME_PICKER_SKIP_PACK_TEST === '1')('the published packages', () => {
  beforeAll(async () => {
    const packs = join(temp.path, 'packs')
    await run('npx', ['-y', 'pnpm@10', ...PACKAGES.flatMap((name) => ['--filter', `@game-picker/${name}`]), 'pack', '--pack-destination', packs], root)
    const tarballs = readdirSync(packs).filter((name) => name.endsWith('.tgz')).sort()
    expect(tarballs).toEqual(PACKAGES.map((name) => `game-picker-${name}-0.1.0.tgz`))
    await run('mkdir', ['-p', app], temp.path)
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'try-game-picker', private: true }))
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs.map((name) => join(packs, name))], app)
  }, 180_000)

  it('runs with npx from the packed tarballs', { timeout: 60_000 }, async () => {
    expect(await run('npx', ['game-picker', 'init', '--db', 'night.sqlite'], app))
      .toBe('Created night.sqlite with the bundled Jackbox catalogue (62 games).\n')
    const { game, totalEnabled } = JSON.parse(await run('npx', ['game-picker', 'pick', '--players', '6', '--json', '--db', 'night.sqlite'], app))
    expect(totalEnabled).toBe(62)
    expect(game.min_players).toBeLessThanOrEqual(6)
    expect(game.max_players).toBeGreaterThanOrEqual(6)
    // The server's web app ships built inside its package.
    const webApp = "import('@game-picker/web').then(({ webAppDir }) => console.log(require('node:fs').readdirSync(webAppDir).join(' ')))"
    expect(await run('node', ['-e', webApp], app)).toBe('assets index.html\n')

    // npm marks each package with a preinstall, install or postinstall script (or a binding.gyp)
    // in the lockfile; swagger-ui-dist's @scarf/scarf was one, so Swagger UI ships inside the http package.
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8'))
    const withInstallScripts = Object.entries<{ hasInstallScript?: boolean }>(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript).map(([path]) => path)
    expect(withInstallScripts).toEqual([])
    expect(Object.keys(lock.packages).filter((path) => /(^|\/)(swagger-ui-dist|@scarf\/scarf)$/.test(path))).toEqual([])
    const http = join(app, 'node_modules/@game-picker/http/dist/reference-assets')
    expect(readdirSync(http).sort()).toEqual(['LICENSE', 'NOTICE', 'swagger-ui-bundle.js', 'swagger-ui-bundle.js.LICENSE.txt', 'swagger-ui.css'])

    // The reference page and its assets, served by the installed bin.
    const server = await startServe(['--db', 'night.sqlite'], { cwd: app, bin: join(app, 'node_modules/@game-picker/cli/bin/game-picker.js') })
    try {
      const expected: [path: string, type: string, content: string][] = [
        ['/docs', 'text/html; charset=utf-8', '<script src="/docs/assets/swagger-ui-bundle.js"></script>'],
        ['/docs/assets/swagger-ui.css', 'text/css; charset=utf-8', '.swagger-ui'],
        ['/docs/assets/swagger-ui-bundle.js', 'text/javascript; charset=utf-8', 'SwaggerUIBundle'],
        ['/docs/assets/reference.js', 'text/javascript; charset=utf-8', "url: '/api/openapi.json'"],
        ['/api/openapi.json', 'application/json', '"openapi":"3.1.0"'],
      ]
      for (const [path, type, content] of expected) {
        const response = await fetch(server.url + path)
        expect(response.status, path).toBe(200)
        expect(response.headers.get('content-type')?.toLowerCase(), path).toContain(type)
        expect(await response.text(), path).toContain(content)
      }
    } finally {
      await server.stop()
    }
  })

  it("runs the core README's library example from the installed packages", async () => {
    const readme = readFileSync(join(root, 'packages/core/README.md'), 'utf8')
    const snippet = /```js\n([\s\S]*?)```/.exec(readme)?.[1]
    expect(snippet).toContain("createSqliteStore({ file: './games.sqlite' })")
    writeFileSync(join(app, 'readme-example.mjs'), snippet!)
    const stdout = await run('node', ['readme-example.mjs'], app)
    expect(stdout).toMatch(/^.+ \(.+\), one of \d+\n$/)
    expect(existsSync(join(app, 'games.sqlite'))).toBe(true)
  })
})
