// Builds the app into dist/: index.html plus hashed files under assets/, each with a gzipped
// twin that the server sends to browsers that accept gzip.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { defineConfig } from 'vite'

/** @returns {import('vite').Plugin} */
function gzipAssets() {
  return {
    name: 'gzip-assets',
    apply: 'build',
    writeBundle(options) {
      const dir = join(options.dir ?? 'dist', 'assets')
      for (const name of readdirSync(dir)) {
        if (!/\.(js|css|svg)$/.test(name)) continue
        const file = join(dir, name)
        writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }))
      }
    },
  }
}

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  plugins: [gzipAssets()],
})
