// The try-it scripts run the tests' own fakes (TypeScript, in test/helpers/): esbuild (the CLI's
// bundler) turns one into a module next to ws, in node_modules/.cache, and it is imported.
import { mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = new URL('../', import.meta.url)

/** Imports test/helpers/NAME.ts. */
export async function loadFake(name) {
  const { build } = createRequire(new URL('packages/cli/package.json', root))('esbuild')
  const outDir = fileURLToPath(new URL('node_modules/.cache/game-picker/', root))
  mkdirSync(outDir, { recursive: true })
  const outfile = `${outDir}${name}.mjs`
  await build({
    entryPoints: [fileURLToPath(new URL(`test/helpers/${name}.ts`, root))],
    bundle: true, platform: 'node', format: 'esm', outfile, external: ['ws'], logLevel: 'warning',
  })
  return import(pathToFileURL(outfile).href)
}

/** Runs `run` on each line typed at `prompt`; an error is printed, not fatal. `close` on end of input. */
export async function promptLoop(prompt, run, close) {
  const { createInterface } = await import('node:readline')
  const input = createInterface({ input: process.stdin, prompt })
  input.prompt()
  input.on('line', (line) => {
    try {
      run(line)
    } catch (error) {
      console.log(`error: ${error.message}`)
    }
    input.prompt()
  })
  input.on('close', () => void close().then(() => process.exit(0)))
}
