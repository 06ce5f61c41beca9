// Child processes run plain Node 20, which cannot load .ts: compile just this folder's
// durable-db.ts (and what it imports) with the package's build settings into a temp folder.
import { execFile } from 'node:child_process'
import { mkdtempSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

const here = fileURLToPath(new URL('.', import.meta.url))
const sourceDir = join(here, '..')
const packageDir = join(sourceDir, '..')
const repoRoot = join(packageDir, '..', '..')

/** Returns the file URL of the compiled durable-db.js and the folder to delete afterwards. */
export async function compileDurableDb(): Promise<{ moduleUrl: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'durable-db-build-'))
  const config = join(dir, 'tsconfig.json')
  writeFileSync(config, JSON.stringify({
    extends: join(packageDir, 'tsconfig.build.json'),
    compilerOptions: {
      rootDir: sourceDir,
      outDir: join(dir, 'out'),
      typeRoots: [join(repoRoot, 'node_modules', '@types')], // default is relative to this temp config
      declaration: false,
      sourceMap: false,
    },
    files: [join(sourceDir, 'durable-db.ts')],
    include: [],
  }))
  // The compiled files live outside the package, so give them the package's sql.js.
  mkdirSync(join(dir, 'node_modules'))
  symlinkSync(realpathSync(join(packageDir, 'node_modules', 'sql.js')), join(dir, 'node_modules', 'sql.js'))
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc')
  await promisify(execFile)(process.execPath, [tsc, '-p', config]).catch((error: { stdout?: string }) => {
    throw new Error(`tsc failed:\n${error.stdout ?? String(error)}`)
  })
  return { moduleUrl: pathToFileURL(join(dir, 'out', 'durable-db.js')).href, dir }
}

export const fixture = (name: string) => join(here, name)
